/**
 * «Exportar ventas pendientes» (issue #29 item 4): the sales of this device the server has not confirmed
 * (pending or being sent), in a file the back office imports once (POST /sync/import, which feeds them
 * through the push: clientSaleId makes a second import, or a later push, land nothing new). The file
 * carries exactly the bodies the push sends (toPushedSale, in the current schema), read-only: the outbox
 * is not touched, so the tablet still delivers them itself if it ever reaches the server.
 */
import { SYNC_SCHEMA_VERSION } from '../../domain/constants';
import { PENDING_EXPORT_FORMAT, type PendingExportFile } from '../../domain/schemas/sync';
import { db, getMeta } from './db';
import { deviceName, shortDeviceId } from './device';
import { upgradeEntry } from './entry-version';
import { toPushedSale } from './outbox';

export interface PendingExport {
  filename: string;
  file: PendingExportFile;
}

/** The file of this device's unconfirmed sales, or null when there are none (or no device id yet). */
export async function buildPendingExport(now = new Date()): Promise<PendingExport | null> {
  const [deviceId, entries] = await Promise.all([getMeta('deviceId'), db.outbox.where('status').anyOf('pending', 'syncing').sortBy('deviceSeq')]);
  if (!deviceId || entries.length === 0) return null;
  const file: PendingExportFile = {
    format: PENDING_EXPORT_FORMAT,
    deviceId,
    deviceName: deviceName(deviceId),
    schemaVersion: SYNC_SCHEMA_VERSION,
    exportedAt: now.toISOString(),
    sales: entries.map((entry) => toPushedSale(upgradeEntry(entry))),
  };
  const stamp = now.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  return { filename: `ventas-pendientes-${shortDeviceId(deviceId)}-${stamp}.json`, file };
}
