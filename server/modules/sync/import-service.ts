/**
 * POST /sync/import (admin; issue #29 item 4): the pending sales a tablet saved with «Exportar ventas
 * pendientes» (its database may be gone, or it cannot reach the server) enter the books through the SAME
 * path as the tablet's own push (push-service.ts `pushSales`), as the device that captured them, with the
 * importing admin as the batch's pusher.
 * Invariants: nothing here decides about a sale; each one is validated, deduplicated (clientSaleId, so a
 * second import of the file, or the tablet delivering the same sales later, lands nothing new) and
 * written by the push, in batches within its limits (LIMITS.syncPushMaxSales sales and syncPushMaxLines
 * lines). A device this server does not know cannot be named (404): its sales would have no owner.
 */
import { LIMITS } from '../../../domain/constants';
import { MSG } from '../../../domain/messages';
import type { PublicUser } from '../../../domain/schemas/auth';
import type { PendingExportFile, PendingImportReply, PushResult } from '../../../domain/schemas/sync';
import { notFound } from '../../http/errors';
import type { ArcaContext } from '../invoices/arca-context';
import type { SalesContext } from '../sales/context';
import { devicesRepository } from './devices-repository';
import { pushSales } from './push-service';

const linesOf = (raw: unknown): number => {
  const items = typeof raw === 'object' && raw !== null ? (raw as { items?: unknown }).items : undefined;
  return Array.isArray(items) ? items.length : 0;
};

/** The file's sales cut into push-sized batches, in order. */
export function pushBatches(sales: readonly unknown[]): unknown[][] {
  const batches: unknown[][] = [];
  let batch: unknown[] = [];
  let lines = 0;
  for (const sale of sales) {
    const n = linesOf(sale);
    if (batch.length > 0 && (batch.length >= LIMITS.syncPushMaxSales || lines + n > LIMITS.syncPushMaxLines)) {
      batches.push(batch);
      batch = [];
      lines = 0;
    }
    batch.push(sale);
    lines += n;
  }
  if (batch.length) batches.push(batch);
  return batches;
}

export async function importPendingSales(ctx: SalesContext, arca: ArcaContext, file: PendingExportFile, admin: PublicUser, userAgent: string | null): Promise<PendingImportReply> {
  const device = await ctx.store.read((q) => devicesRepository.find(q, file.deviceId));
  if (!device) throw notFound(MSG.pendingImportUnknownDevice);
  const results: PushResult[] = [];
  for (const sales of pushBatches(file.sales)) {
    // No `since` (no catalogue echo to build) and no pendingCount (the file does not say what the tablet still holds).
    const reply = await pushSales(ctx, arca, { deviceId: device.id, deviceName: null, schemaVersion: file.schemaVersion, sales }, { device, user: admin, userAgent });
    results.push(...reply.results);
  }
  const count = (status: PushResult['status']) => results.filter((r) => r.status === status).length;
  return { applied: count('applied'), duplicates: count('duplicate'), rejected: count('rejected'), results };
}
