/**
 * POST /sync/push: exactly-once ingest of sales captured on a device (design.md §4).
 * - Each sale is validated on its own and applied by recordSale in ITS OWN (nested) transaction (sale,
 *   items, stock movements, number and the device's last_seq together), so a bad sale is `rejected`
 *   with a Spanish reason, rolls back alone and never blocks the rest; results come back in input order.
 * - The batch commits once (each sale is a savepoint inside it): one commit per sale made the commit
 *   itself half of the ingest time. A crash before that commit loses the whole batch, which the device
 *   still holds and pushes again; nothing is acknowledged before the commit and the fsync.
 * - A replay (same clientSaleId) is `duplicate`: the stored result, nothing written.
 * - Business refusals are permanent (`rejected`); anything unexpected fails the request (5xx) so the
 *   device retries the whole batch later, and what was applied comes back as `duplicate`.
 * - Before replying the batch is made durable with one fsync of the WAL (sales/durability.ts explains
 *   the choice and its measured cost).
 */
import { MSG } from '../../../domain/messages';
import { fieldLabel } from '../../../domain/field-labels';
import { toCents } from '../../../domain/money';
import { pushedSale, type PushBody, type PushReply, type PushResult } from '../../../domain/schemas/sync';
import { AppError } from '../../http/errors';
import { flushToDisk } from '../sales/durability';
import { recordSale, type SalesContext } from '../sales/record-sale';
import { salesRepository } from '../sales/repository';
import { touchDevice } from './devices-service';

/** A device clock may run a little fast; a sale captured further in the future than this is refused. */
const MAX_CLOCK_AHEAD_MS = 24 * 60 * 60 * 1000;

export interface Pusher {
  userId: number;
  userAgent: string | null;
}

/** Best-effort identity of a sale that failed validation, so the device can match the result. */
function identityOf(raw: unknown): Pick<PushResult, 'clientSaleId' | 'deviceSeq'> {
  const obj = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  return {
    clientSaleId: typeof obj.clientSaleId === 'string' ? obj.clientSaleId : null,
    deviceSeq: typeof obj.deviceSeq === 'number' && Number.isFinite(obj.deviceSeq) ? obj.deviceSeq : null,
  };
}

function pushOne(ctx: SalesContext, deviceId: string, raw: unknown, nowMs: number): PushResult {
  const parsed = pushedSale.safeParse(raw);
  if (!parsed.success) {
    const detail = parsed.error.issues
      .slice(0, 3)
      .map((issue) => [fieldLabel(issue.path), issue.message].filter(Boolean).join(': '))
      .join('; ');
    return { ...identityOf(raw), status: 'rejected', reason: `${MSG.badRequest}: ${detail}` };
  }
  const sale = parsed.data;
  const id = { clientSaleId: sale.clientSaleId, deviceSeq: sale.deviceSeq };
  if (sale.paymentMethod === 'mercadopago') return { ...id, status: 'rejected', reason: MSG.saleMercadoPagoOffline };
  const capturedMs = Date.parse(sale.capturedAt);
  if (capturedMs > nowMs + MAX_CLOCK_AHEAD_MS) return { ...id, status: 'rejected', reason: MSG.saleCapturedInFuture };
  try {
    const outcome = recordSale(
      ctx,
      {
        clientSaleId: sale.clientSaleId,
        deviceId,
        deviceSeq: sale.deviceSeq,
        sellerId: sale.sellerId,
        saleDate: new Date(capturedMs).toISOString(),
        items: sale.items.map((item) => ({ productId: item.productId, quantity: item.quantity, unitPriceCents: toCents(item.unitPrice) })),
        discountCents: toCents(sale.discount),
        paymentMethod: sale.paymentMethod,
        customerName: sale.customerName,
        customerDocument: sale.customerDocument,
        customerEmail: sale.customerEmail,
        notes: sale.notes,
      },
      'captured',
    );
    return { ...id, status: outcome.status, saleId: outcome.saleId, saleNumber: outcome.saleNumber, flags: outcome.flags };
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) return { ...id, status: 'rejected', reason: error.message };
    throw error;
  }
}

export function pushSales(ctx: SalesContext, body: PushBody, pusher: Pusher): PushReply {
  const now = new Date();
  touchDevice(ctx.db, {
    id: body.deviceId,
    name: body.deviceName,
    userAgent: pusher.userAgent,
    userId: pusher.userId,
    at: now.toISOString(),
    kind: 'push',
    pendingCount: body.pendingCount,
  });
  const results = salesRepository.inTransaction(ctx.sqlite, () => body.sales.map((raw) => pushOne(ctx, body.deviceId, raw, now.getTime())));
  flushToDisk(ctx.sqlite);
  return { results, serverTime: new Date().toISOString() };
}
