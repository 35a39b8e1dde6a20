/**
 * The last sale of this device under the cart: its number — provisional (`<device>-<seq>`) until the
 * server's official number arrives, then the official one — its sync state, and "Imprimir ticket".
 * With an invoice (issue #11): its number and CAE/CAEA with "Imprimir factura", or, while it is not
 * issued yet, plainly why and that it can be reprinted later from Ventas (a held one, issue #33.5: that it
 * is issued with CAEA if the server does not answer in seconds). «Enviar comprobante» (issue #35 item 4):
 * features/receipts.
 */
import { Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconFileInvoice, IconPrinter } from '@tabler/icons-react';
import { OFFLINE_MSG } from '../../offline/messages';
import { mayNumberHeld } from '../../offline/invoice-request';
import { formatCents } from '../../../domain/money';
import type { OutboxEntry } from '../../offline/db';
import { saleReference } from '../../offline-ui/format';
import { LastSaleReceipt } from '../receipts/LastSaleReceipt';

const STATE = {
  pending: ['Pendiente de envío', 'warning'],
  syncing: ['Enviando...', 'info'],
  synced: ['Sincronizada', 'success'],
  rejected: ['Rechazada', 'error'],
} as const;

function InvoiceLine({ entry, onPrintInvoice }: { entry: OutboxEntry; onPrintInvoice: () => void }) {
  const invoice = entry.invoice;
  if (invoice?.status === 'autorizada') {
    return (
      <>
        <Text size="sm" mt={4} data-testid="last-sale-invoice">
          {invoice.typeLabel} {invoice.invoiceNumber} · {invoice.authorization} {invoice.cae}
        </Text>
        <Button mt={4} variant="light" size="md" fullWidth leftSection={<IconFileInvoice size={20} />} onClick={onPrintInvoice}>
          Imprimir factura
        </Button>
      </>
    );
  }
  const waiting = !entry.invoiceNote && (entry.status === 'pending' || entry.status === 'syncing');
  return (
    <Text size="sm" mt={4} c="warning" role="status" data-testid="last-sale-invoice">
      {waiting && <Loader size="xs" mr={6} />}
      {entry.invoiceNote ?? (waiting ? (mayNumberHeld(entry.invoiceRequest) ? OFFLINE_MSG.invoiceHeld : OFFLINE_MSG.invoiceAwaiting) : OFFLINE_MSG.invoiceWhenOnline)}
    </Text>
  );
}

export function LastSale({ entry, onPrint, onPrintInvoice }: { entry: OutboxEntry; onPrint: () => void; onPrintInvoice: () => void }) {
  const [label, color] = STATE[entry.status];
  return (
    <Paper withBorder p="xs" data-testid="last-sale">
      {/* Stacked, never truncated: the number and the state must be readable in a 280 px cart column. */}
      <Group justify="space-between" gap={4}>
        <Text size="sm" c="dimmed">
          Última venta · {formatCents(entry.totalCents)}
        </Text>
        <Badge color={color} variant="light" size="sm">
          {label}
        </Badge>
      </Group>
      <Text fw={700} data-testid="last-sale-number" data-official={Boolean(entry.saleNumber)} style={{ overflowWrap: 'anywhere' }}>
        {saleReference(entry)}
        {!entry.saleNumber && (
          <Text span size="xs" c="dimmed" fw={400}>
            {' '}
            (provisorio)
          </Text>
        )}
      </Text>
      {entry.invoiceRequest && <InvoiceLine entry={entry} onPrintInvoice={onPrintInvoice} />}
      <Button mt={4} variant="light" size="md" fullWidth leftSection={<IconPrinter size={20} />} onClick={onPrint}>
        Imprimir ticket
      </Button>
      <Stack gap={2} mt={4}>
        <LastSaleReceipt entry={entry} />
      </Stack>
    </Paper>
  );
}
