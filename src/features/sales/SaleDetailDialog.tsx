import { Button, Group, Stack } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { cancelSale, fetchSale } from '../../api/sales';
import { unwrap } from '../../api/unwrap';
import { useAuth } from '../../session/auth-context';
import { CenteredLoader } from '../../ui/CenteredLoader';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { FeedbackAlert } from '../../ui/FeedbackAlert';
import { StaffModal } from '../../ui/StaffModal';
import { useFeedback } from '../../ui/useFeedback';
import { invoiceKeys, useSaleInvoice } from '../invoices/invoice-queries';
import { InvoiceSection } from '../invoices/InvoiceSection';
import { productKeys } from '../products/queries';
import { CreditNotesSection } from '../returns/CreditNotesSection';
import { ReturnDialog } from '../returns/ReturnDialog';
import { saleKeys, salesSummaryKeys } from './queries';
import { SaleDetailBody } from './SaleDetailBody';
import { SaleDetailReceipt } from '../receipts/SaleDetailReceipt';
import { useReprint } from './useReprint';

/**
 * "Detalle de Venta - <number>" with its electronic-invoicing section, its returns and credit notes,
 * "Reimprimir ticket", «Enviar comprobante» (features/receipts), "Devolución" (admin, paid sale with units left to return), "Cancelar Venta"
 * (admin, not yet cancelled, no returns: an invoiced sale's cancellation issues its credit note) and "Cerrar".
 */
export function SaleDetailDialog({ saleId, saleNumber, onClose }: { saleId: number | null; saleNumber: string; onClose: () => void }) {
  const { isAdmin } = useAuth();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [returning, setReturning] = useState(false);
  const { feedback, report, succeed, clear } = useFeedback();
  const reprint = useReprint();

  const sale = useQuery({ queryKey: saleKeys.detail(saleId), queryFn: () => unwrap(fetchSale(saleId!)), enabled: saleId !== null });
  const invoice = useSaleInvoice(saleId ?? 0, saleId !== null);
  const invoiced = invoice.data?.status === 'autorizada';

  /** After a cancellation or a return: stock, lists, dashboard, invoices and credit notes changed. */
  const refreshAfterChange = async () => {
    await Promise.all([saleKeys.all, productKeys.all, salesSummaryKeys.all, invoiceKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  };

  const close = () => {
    clear();
    onClose();
  };

  const confirmCancel = async () => {
    if (saleId === null) return;
    setBusy(true);
    const result = await cancelSale(saleId);
    setBusy(false);
    setConfirming(false);
    if (report(result)) {
      queryClient.setQueryData(saleKeys.detail(saleId), result.data);
      await refreshAfterChange();
    }
  };

  const hasReturns = !!sale.data?.items.some((i) => i.returnedQuantity > 0);
  const cancellable = isAdmin && sale.data && sale.data.paymentStatus !== 'cancelado' && !hasReturns;
  const returnable = isAdmin && sale.data?.paymentStatus === 'pagado' && sale.data.items.some((i) => i.quantity > i.returnedQuantity);

  return (
    <StaffModal opened={saleId !== null} onClose={close} title={`Detalle de Venta - ${sale.data?.saleNumber ?? saleNumber}`} size="xl">
      <Stack gap="md">
        <FeedbackAlert feedback={feedback} onClose={clear} />
        <ErrorAlert message={sale.error?.message} />
        {sale.isPending ? (
          <CenteredLoader label="Cargando venta" />
        ) : (
          sale.data && (
            <>
              <SaleDetailBody sale={sale.data} />
              <InvoiceSection sale={sale.data} />
              <CreditNotesSection sale={sale.data} />
            </>
          )
        )}
        <Group justify="flex-end">
          {sale.data && (
            <Button variant="default" size="md" leftSection={<IconPrinter size={18} />} onClick={() => reprint.printSale(sale.data)}>
              Reimprimir ticket
            </Button>
          )}
          {sale.data && <SaleDetailReceipt sale={sale.data} />}
          {returnable && (
            <Button variant="light" size="md" onClick={() => setReturning(true)}>
              Devolución
            </Button>
          )}
          {cancellable && (
            <Button color="error" variant="light" size="md" onClick={() => setConfirming(true)}>
              Cancelar Venta
            </Button>
          )}
          <Button variant="default" size="md" onClick={close}>
            Cerrar
          </Button>
        </Group>
      </Stack>
      {reprint.receipt}
      <ConfirmDialog
        opened={confirming}
        message={`¿Estás seguro de cancelar esta venta? El stock se devolverá${invoiced ? ' y se emitirá una nota de crédito por el total.' : '.'}`}
        confirmLabel="Cancelar Venta"
        cancelLabel="Volver"
        busy={busy}
        onConfirm={confirmCancel}
        onCancel={() => setConfirming(false)}
      />
      {sale.data && (
        <ReturnDialog
          sale={sale.data}
          opened={returning}
          invoiced={invoiced}
          onClose={() => setReturning(false)}
          onRecorded={async (result) => {
            setReturning(false);
            succeed(result.message ?? 'Devolución registrada');
            await queryClient.invalidateQueries({ queryKey: saleKeys.detail(saleId) });
            await refreshAfterChange();
          }}
        />
      )}
    </StaffModal>
  );
}
