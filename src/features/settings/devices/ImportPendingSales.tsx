/**
 * «Importar ventas pendientes» (issue #29 item 4): the back office takes the file a tablet saved with
 * «Exportar ventas pendientes» and sends it to POST /sync/import, which feeds it through the push: each
 * sale lands once, so importing the same file twice (or the tablet sending them later) adds nothing.
 * The reply says how many were new, already there, or rejected (with the reasons in the sale list).
 */
import { Alert, Button, FileButton, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { importPendingSales } from '../../../api/devices';
import { ErrorAlert } from '../../../ui/ErrorAlert';

export function ImportPendingSales({ onImported }: { onImported: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ message: string; reasons: string[] } | null>(null);

  const pick = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    setDone(null);
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      setBusy(false);
      setError(`«${file.name}» no es un archivo de «Exportar ventas pendientes» (no es JSON)`);
      return;
    }
    const result = await importPendingSales(parsed as Parameters<typeof importPendingSales>[0]);
    setBusy(false);
    if (!result.success) {
      setError(result.message);
      return;
    }
    const reasons = result.data.results.filter((r) => r.status === 'rejected').map((r) => `${r.clientSaleId ?? `N.º ${r.deviceSeq ?? '?'}`}: ${r.reason ?? ''}`);
    setDone({ message: result.message ?? '', reasons });
    onImported();
  };

  return (
    <Stack gap="xs">
      <FileButton onChange={(file) => void pick(file)} accept="application/json,.json">
        {(props) => (
          <Button {...props} variant="default" size="md" leftSection={<IconUpload size={18} />} loading={busy} style={{ alignSelf: 'flex-start' }}>
            Importar ventas pendientes
          </Button>
        )}
      </FileButton>
      <ErrorAlert message={error ?? undefined} />
      {done && (
        <Alert color={done.reasons.length ? 'warning' : 'success'} role="status" data-testid="pending-import-result">
          <Text size="sm">{done.message}</Text>
          {done.reasons.slice(0, 10).map((reason) => (
            <Text key={reason} size="xs">
              {reason}
            </Text>
          ))}
        </Alert>
      )}
    </Stack>
  );
}
