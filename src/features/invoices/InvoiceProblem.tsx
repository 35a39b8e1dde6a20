import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { Invoice } from '../../api/invoices';
import { useAuth } from '../../session/auth-context';
import { formatDateTime } from '../../ui/dates';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { invoiceTypeLabel } from './invoice-format';
import { useRetryInvoice } from './invoice-queries';

/**
 * A pending or failed invoice: the reason ARCA (or the link) gave, the attempts, when it is retried, and
 * "Reintentar" for admins (the server checks the role; sellers are told who can).
 */
export function InvoiceProblem({ invoice, showSale = false }: { invoice: Invoice; showSale?: boolean }) {
  const { isAdmin } = useAuth();
  const retry = useRetryInvoice();
  const failed = invoice.status === 'fallida';
  const result = retry.data;
  const title = [invoiceTypeLabel(invoice), invoice.invoiceNumber, failed ? 'fallida' : 'pendiente', showSale && `· Venta ${invoice.saleNumber}`].filter(Boolean).join(' ');
  return (
    <Alert color={failed ? 'error' : 'warning'} variant="light" icon={<IconAlertTriangle />} title={title} data-testid="invoice-problem">
      <Stack gap="xs">
        <Text size="sm">{invoice.failureReason || (failed ? 'ARCA rechazó el comprobante.' : 'Esperando la respuesta de ARCA.')}</Text>
        <Text size="sm" c="dimmed">
          Intentos: {invoice.attempts}
          {!failed && invoice.nextRetryAt && ` · Próximo reintento automático: ${formatDateTime(invoice.nextRetryAt)}`}
        </Text>
        {result && !result.success && <ErrorAlert message={result.message} />}
        {result?.success && result.data.status !== 'autorizada' && <ErrorAlert message={result.data.failureReason ?? result.message} />}
        <Group>
          {isAdmin ? (
            <Button size="md" variant="light" color={failed ? 'error' : 'warning'} leftSection={<IconRefresh size={18} />} loading={retry.isPending} onClick={() => retry.mutate(invoice.id)}>
              Reintentar
            </Button>
          ) : (
            <Text size="sm">Un administrador puede reintentarla.</Text>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}
