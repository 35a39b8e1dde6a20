/**
 * «Enviar comprobante» in the back office's sale detail (issue #35 item 4): needs the server, so offline it
 * is disabled with the reason; a cancelled or unpaid sale has nothing to send. The customer's e-mail is
 * prefilled only when this user may see it (the API leaves it out for a seller without permission).
 */
import { useNetwork } from '@mantine/hooks';
import { RECEIPT_MSG } from '../../../domain/receipts';
import type { Sale } from '../../api/sales';
import { useBusiness } from '../../session/business-context';
import { useServerReachable } from '../../session/connectivity';
import { SendReceiptButton } from './SendReceipt';

export function saleBlockedReason(sale: Pick<Sale, 'paymentStatus'>, online: boolean): string | null {
  if (sale.paymentStatus === 'cancelado') return RECEIPT_MSG.saleCancelled;
  if (sale.paymentStatus === 'pendiente') return RECEIPT_MSG.salePending;
  return online ? null : RECEIPT_MSG.offline;
}

export function SaleDetailReceipt({ sale }: { sale: Sale }) {
  const { online } = useNetwork();
  const reachable = useServerReachable();
  const { businessName } = useBusiness();
  const reason = saleBlockedReason(sale, online && reachable !== false);
  return (
    <div>
      <SendReceiptButton saleId={sale.id} blockedReason={reason} businessName={businessName} customerEmail={sale.customerEmail} />
    </div>
  );
}
