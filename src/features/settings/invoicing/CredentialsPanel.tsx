/**
 * Certificate and private key upload (PEM files read in the browser, sent once; the server never returns
 * them). What is shown back is only the certificate's public data: subject, validity and fingerprint.
 */
import { Button, FileInput, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCertificate, IconKey, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MSG } from '../../../../domain/messages';
import { uploadArcaCredentials, type ArcaSettings } from '../../../api/invoices';
import { formatDate } from '../../../ui/dates';
import { FeedbackAlert } from '../../../ui/FeedbackAlert';
import { useFeedback } from '../../../ui/useFeedback';
import { invoiceKeys } from '../../invoices/invoice-queries';

export function CredentialsPanel({ settings, locked }: { settings: ArcaSettings; locked: boolean }) {
  const queryClient = useQueryClient();
  const [certificate, setCertificate] = useState<File | null>(null);
  const [privateKey, setPrivateKey] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const { feedback, report, clear } = useFeedback();
  const cert = settings.certificate;

  const upload = async () => {
    if (!certificate || !privateKey) return;
    setSaving(true);
    const result = await uploadArcaCredentials({ certificate: await certificate.text(), privateKey: await privateKey.text() });
    setSaving(false);
    if (report(result, MSG.arcaCredentialsUpdated)) {
      setCertificate(null);
      setPrivateKey(null);
      queryClient.setQueryData(invoiceKeys.settings, result.data);
      await queryClient.invalidateQueries({ queryKey: invoiceKeys.status });
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Certificado y clave privada
        </Title>
        {cert ? (
          <Stack gap={2} data-testid="arca-certificate">
            <Text>
              Certificado cargado: <strong>{cert.subject}</strong>
            </Text>
            <Text size="sm" c="dimmed">
              Válido del {formatDate(cert.notBefore)} al {formatDate(cert.notAfter)} · Emitido por {cert.issuer}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              Huella SHA-256: {cert.fingerprint}
            </Text>
          </Stack>
        ) : (
          <Text c="dimmed">{settings.hasCredentials ? 'Certificado y clave cargados.' : 'Todavía no se cargó un certificado.'}</Text>
        )}
        {locked ? (
          <Text size="sm">{MSG.arcaLockedByEnv}</Text>
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <FileInput
                label="Certificado (.crt)"
                size="md"
                accept=".crt,.pem,.cer"
                leftSection={<IconCertificate size={18} />}
                placeholder="Elegir archivo"
                value={certificate}
                onChange={setCertificate}
                clearable
              />
              <FileInput
                label="Clave privada (.key)"
                size="md"
                accept=".key,.pem"
                leftSection={<IconKey size={18} />}
                placeholder="Elegir archivo"
                value={privateKey}
                onChange={setPrivateKey}
                clearable
              />
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              La clave privada se guarda solo en el servidor y nunca se vuelve a mostrar.
            </Text>
            <FeedbackAlert feedback={feedback} onClose={clear} />
            <Group justify="flex-end">
              <Button size="md" variant="light" leftSection={<IconUpload size={18} />} onClick={upload} loading={saving} disabled={!certificate || !privateKey}>
                Guardar certificado y clave
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
