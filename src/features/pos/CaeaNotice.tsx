/**
 * Issue #33.5: before the cashier confirms a Factura, the checkout says when this device could not hand
 * the customer a fiscal ticket through an outage: no CAEA point of sale assigned (a new device), or no
 * CAEA valid today (PullReply.caea as last pulled, offline/invoice-request.ts caeaFor). Nothing otherwise.
 * Offline already, it says what happens now rather than what would happen if the connection dropped.
 */
import { Alert } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { arcaDate, isoFromArcaDate } from '../../../domain/invoicing';
import { getMeta } from '../../offline/db';
import { caeaFor } from '../../offline/invoice-request';
import { OFFLINE_MSG } from '../../offline/messages';

export function CaeaNotice({ online }: { online: boolean }) {
  // undefined while reading; null when the device never pulled CAEA data or has no point of sale.
  const caea = useLiveQuery(async () => (await getMeta('caea')) ?? null);
  if (caea === undefined) return null;
  const message = !caea?.ptoVta
    ? online
      ? OFFLINE_MSG.noCaeaPtoVta
      : OFFLINE_MSG.noCaeaPtoVtaOffline
    : caeaFor(caea, isoFromArcaDate(arcaDate(new Date())))
      ? null
      : online
        ? OFFLINE_MSG.noValidCaea
        : OFFLINE_MSG.noValidCaeaOffline;
  if (!message) return null;
  return (
    <Alert color="yellow" variant="light" p="xs" data-testid="caea-notice">
      {message}
    </Alert>
  );
}
