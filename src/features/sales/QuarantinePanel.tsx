/**
 * Ventas (admin): the sales a device pushed that the server rejected (malformed or refused), kept in
 * quarantine with their body exactly as they came and why (issue #29, docs/sync.md). Each row says the
 * device, when it last arrived, why, how many times it came, and the sale a later retry registered, if
 * any. An empty quarantine says so; a failed load is an error with "Reintentar", never an empty list.
 */
import { Accordion, Badge, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { fetchQuarantine } from '../../api/quarantine';
import { isNetworkError, unwrap } from '../../api/unwrap';
import { CenteredLoader } from '../../ui/CenteredLoader';
import { LoadFailed } from '../../ui/LoadFailed';
import { formatDateTime } from '../../ui/dates';

const pretty = (body: string) => {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
};

export function QuarantinePanel() {
  const list = useQuery({ queryKey: ['sync-quarantine'], queryFn: () => unwrap(fetchQuarantine()) });
  const rows = list.data ?? [];
  return (
    <Paper component="section" withBorder p="md" aria-labelledby="sales-quarantine-title" data-testid="sales-quarantine">
      <Title order={2} size="h4" id="sales-quarantine-title" mb="xs">
        Ventas rechazadas de los dispositivos{rows.length > 0 ? ` (${rows.length})` : ''}
      </Title>
      {list.isError ? (
        <LoadFailed message={list.error.message} onRetry={() => void list.refetch()} retrying={list.isFetching} offline={isNetworkError(list.error)} />
      ) : list.isPending ? (
        <CenteredLoader label="Cargando ventas rechazadas" />
      ) : rows.length === 0 ? (
        <Text c="dimmed">Ningún dispositivo envió ventas que el servidor no pudiera registrar.</Text>
      ) : (
        <Stack gap="xs">
          <Text size="sm">
            El servidor no pudo registrar estas ventas tal como llegaron de la tablet. Su contenido quedó guardado: revisalo y, si corresponde,
            cargala a mano.
          </Text>
          <Accordion variant="separated">
            {rows.map((row) => (
              <Accordion.Item key={row.id} value={String(row.id)} data-testid="quarantine-row">
                <Accordion.Control>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={500}>{row.deviceName ?? `Dispositivo ${row.deviceId.slice(0, 8)}`}</Text>
                    <Text>· recibida {formatDateTime(row.lastReceivedAt)}</Text>
                    <Text c="dimmed">· {row.attempts === 1 ? '1 intento' : `${row.attempts} intentos`}</Text>
                    {row.sale ? (
                      <Badge color="success" variant="light" tt="none">
                        Registrada luego como {row.sale.saleNumber}
                      </Badge>
                    ) : (
                      <Badge color="error" variant="light" tt="none">
                        No registrada
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm">Motivo: {row.reason}</Text>
                </Accordion.Control>
                <Accordion.Panel>
                  {row.clientSaleId && <Text size="sm">Identificador de la venta: {row.clientSaleId}</Text>}
                  <Text size="sm">Primera vez recibida: {formatDateTime(row.receivedAt)}</Text>
                  <Code block>{pretty(row.body)}</Code>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Stack>
      )}
    </Paper>
  );
}
