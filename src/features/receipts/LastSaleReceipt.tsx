/**
 * «Enviar comprobante» under the POS's last sale (issue #35 item 4): the link is made by the server, so it
 * waits for the sale to be synced and the server to be reachable, and says which is missing. The phone comes
 * from the customer's file on this device (the sale's customer, if one was picked).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { RECEIPT_MSG } from '../../../domain/receipts';
import { db, getMeta, type OutboxEntry } from '../../offline/db';
import { useSyncStatus } from '../../offline-ui/hooks';
import { SendReceiptButton } from './SendReceipt';

/** Why the last sale's receipt cannot be sent now, or null. */
export function lastSaleBlockedReason(entry: Pick<OutboxEntry, 'status' | 'saleId'>, online: boolean): string | null {
  if (entry.status === 'rejected') return RECEIPT_MSG.rejected;
  if (entry.status !== 'synced' || entry.saleId === null) return online ? RECEIPT_MSG.notSynced : RECEIPT_MSG.offline;
  return online ? null : RECEIPT_MSG.offline;
}

export function LastSaleReceipt({ entry }: { entry: OutboxEntry }) {
  const { isOnline } = useSyncStatus();
  const customer = useLiveQuery(async () => (entry.customerUuid ? db.customers.get(entry.customerUuid) : undefined), [entry.customerUuid]);
  const business = useLiveQuery(() => getMeta('businessInfo'));
  return (
    <SendReceiptButton
      saleId={entry.saleId}
      blockedReason={lastSaleBlockedReason(entry, isOnline)}
      businessName={business?.businessName ?? ''}
      customerEmail={entry.customerEmail}
      customerPhone={customer?.phone}
      fullWidth
    />
  );
}
