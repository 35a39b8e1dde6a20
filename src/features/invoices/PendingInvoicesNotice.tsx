import { Stack, Text } from '@mantine/core';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { usePendingInvoices } from './invoice-queries';
import { InvoiceProblem } from './InvoiceProblem';

/** Pending or failed invoices (oldest first), each with its reason and "Reintentar"; nothing when none. */
export function PendingInvoicesNotice() {
  const pending = usePendingInvoices();
  if (pending.error) return <ErrorAlert message={pending.error.message} />;
  const invoices = pending.data ?? [];
  if (invoices.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="pending-invoices">
      <Text fw={600}>
        {invoices.length === 1 ? 'Hay 1 factura pendiente o fallida' : `Hay ${invoices.length} facturas pendientes o fallidas`}
      </Text>
      {invoices.map((invoice) => (
        <InvoiceProblem key={invoice.id} invoice={invoice} showSale />
      ))}
    </Stack>
  );
}
