import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconPlugConnected } from '@tabler/icons-react';
import { useState } from 'react';
import type { ApiResult } from '../../../api/client';
import { testArcaConnection, type ConnectionTest } from '../../../api/invoices';
import { dismissibleAlertProps } from '../../../ui/FeedbackAlert';

/** "Probar conexión": WSAA login + FEDummy on the server, answered in plain Spanish. */
export function ConnectionTestPanel({ disabled }: { disabled: boolean }) {
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<ApiResult<ConnectionTest> | null>(null);

  const run = async () => {
    setTesting(true);
    setResult(null);
    setResult(await testArcaConnection());
    setTesting(false);
  };

  const ok = result?.success === true && result.data.ok;
  const detail = result?.success ? result.data : null;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Conexión con ARCA
        </Title>
        <Text size="sm" c="dimmed">
          Inicia sesión en ARCA con el certificado cargado y consulta el estado de sus servidores.
        </Text>
        <Group>
          <Button size="md" variant="light" leftSection={<IconPlugConnected size={18} />} onClick={run} loading={testing} disabled={disabled}>
            Probar conexión
          </Button>
        </Group>
        {result && (
          <Alert
            color={ok ? 'success' : 'error'}
            variant="light"
            icon={ok ? <IconCircleCheck /> : <IconAlertCircle />}
            role={ok ? 'status' : 'alert'}
            data-testid="arca-test-result"
            withCloseButton
            onClose={() => setResult(null)}
            {...dismissibleAlertProps}
          >
            <Text fw={600}>{detail?.message || result.message}</Text>
            {detail && result.message && detail.message !== result.message && <Text size="sm">{result.message}</Text>}
            {detail && (
              <Text size="sm" c="dimmed">
                Inicio de sesión: {detail.login ? 'correcto' : 'fallido'}
                {detail.appServer !== null && ` · Servidores: aplicación ${detail.appServer}, base de datos ${detail.dbServer}, autenticación ${detail.authServer}`}
              </Text>
            )}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
