/**
 * The sale detail's "Devoluciones y notas de crédito": each partial return (when, who, what, refund, reason)
 * with its credit note, and the note of the sale's cancellation. An authorised note shows its CAE, the
 * invoice it credits and "Imprimir" (printed like the invoice); a pending one says ARCA has not answered
 * yet and when it is retried (the server keeps retrying). Shown only when there is something to show.
 */
import { Button, Divider, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { fetchSaleReturns, type SaleReturn } from '../../api/returns';
import type { Invoice } from '../../api/invoices';
import type { Sale } from '../../api/sales';
import { unwrap } from '../../api/unwrap';
import { formatDateTime } from '../../ui/dates';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { Money } from '../../ui/Money';
import { InvoiceProblem } from '../invoices/InvoiceProblem';
import { InvoiceSummary } from '../invoices/InvoiceSummary';
import { useInvoicingStatus } from '../invoices/invoice-queries';
import { PrintInvoiceButton } from '../invoices/PrintInvoiceButton';
import { saleForNote } from './note-sale';

export const saleReturnsKey = (saleId: number) => ['invoices', 'sale-returns', saleId] as const;

export const useSaleReturns = (saleId: number) => useQuery({ queryKey: saleReturnsKey(saleId), queryFn: () => unwrap(fetchSaleReturns(saleId)) });

function Note({ note, sale, ret }: { note: Invoice; sale: Sale; ret: SaleReturn | null }) {
  const status = useInvoicingStatus();
  if (note.status !== 'autorizada') return <InvoiceProblem invoice={note} />;
  return <InvoiceSummary invoice={note} actions={<PrintInvoiceButton invoice={note} sale={saleForNote(sale, ret)} status={status.data} />} />;
}

function ReturnCard({ ret, sale }: { ret: SaleReturn; sale: Sale }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid="sale-return">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>Devolución del {formatDateTime(ret.createdAt)}</Text>
          <Money value={ret.total} fw={700} />
        </Group>
        <Text size="sm">{ret.items.map((i) => `${i.quantity} × ${i.productName}`).join(' · ')}</Text>
        <Text size="sm" c="dimmed">
          Registrada por {ret.user.fullName}
          {ret.reason && ` · Motivo: ${ret.reason}`}
        </Text>
        {ret.creditNote && <Note note={ret.creditNote} sale={sale} ret={ret} />}
      </Stack>
    </Paper>
  );
}

export function CreditNotesSection({ sale }: { sale: Sale }) {
  const data = useSaleReturns(sale.id);
  if (data.isPending) {
    return (
      <Group gap="sm" role="status" aria-label="Cargando devoluciones">
        <Loader size="sm" />
        <Text c="dimmed">Cargando devoluciones…</Text>
      </Group>
    );
  }
  if (data.error) {
    return (
      <Group>
        <ErrorAlert message={data.error.message} />
        <Button size="md" variant="default" onClick={() => void data.refetch()}>
          Reintentar
        </Button>
      </Group>
    );
  }
  const { returns, cancellationNote } = data.data;
  if (returns.length === 0 && !cancellationNote) return null;
  return (
    <Stack gap="sm" data-testid="credit-notes-section">
      <Divider />
      <Title order={3} size="h5">
        Devoluciones y notas de crédito
      </Title>
      {cancellationNote && (
        <Stack gap="xs">
          <Text fw={600}>Nota de crédito de la cancelación</Text>
          <Note note={cancellationNote} sale={sale} ret={null} />
        </Stack>
      )}
      {returns.map((ret) => (
        <ReturnCard key={ret.id} ret={ret} sale={sale} />
      ))}
    </Stack>
  );
}
