/** Bad input on every sales and sync route gets a Spanish 4xx naming the field, never a 5xx. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION } from '../../domain/constants';
import { createProduct } from '../helpers/fixtures';
import { buildApp, type TestDevice } from '../helpers/server';

let device: TestDevice;
/** Known before the cases are built; registered in beforeAll. */
const DEVICE_ID = randomUUID();

const { s, admin, seller } = await buildApp({ seller: 'caja' });
beforeAll(async () => {
  device = await s.registerDevice(seller, DEVICE_ID);
  expect(await createProduct(s.app.store, { stock: 10 })).toBe(1);
});

interface Case {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  payload?: unknown;
  raw?: string;
  as?: 'admin' | 'seller' | 'nobody';
  /** Device headers sent on /sync routes: the registered device's (default), none, or a wrong key. */
  device?: false | 'wrong';
  status: number;
  mentions?: string;
}

/** The first product of a fresh database (checked in beforeAll). */
const line = () => ({ productId: 1, quantity: 1 });
const sale = (patch: Record<string, unknown>) => ({ items: [line()], paymentMethod: 'efectivo', ...patch });
const envelope = (patch: Record<string, unknown>) => ({ deviceId: DEVICE_ID, schemaVersion: SYNC_SCHEMA_VERSION, sales: [], ...patch });

const cases: Case[] = [
  { name: 'sale without body', method: 'POST', url: '/api/sales', status: 400 },
  { name: 'sale with broken JSON', method: 'POST', url: '/api/sales', raw: '{"items": [', status: 400, mentions: 'JSON' },
  { name: 'sale as an array', method: 'POST', url: '/api/sales', payload: [], status: 400 },
  { name: 'items not a list', method: 'POST', url: '/api/sales', payload: sale({ items: 'todo' }), status: 400, mentions: 'Productos: debe ser una lista' },
  { name: 'items missing', method: 'POST', url: '/api/sales', payload: { paymentMethod: 'efectivo' }, status: 400, mentions: 'Productos: es obligatorio' },
  { name: 'product id text', method: 'POST', url: '/api/sales', payload: sale({ items: [{ productId: 'abc', quantity: 1 }] }), status: 400, mentions: 'Producto' },
  { name: 'product id zero', method: 'POST', url: '/api/sales', payload: sale({ items: [{ productId: 0, quantity: 1 }] }), status: 400, mentions: 'Producto' },
  { name: 'quantity zero', method: 'POST', url: '/api/sales', payload: sale({ items: [{ productId: 1, quantity: 0 }] }), status: 400, mentions: 'Cantidad' },
  { name: 'quantity negative', method: 'POST', url: '/api/sales', payload: sale({ items: [{ productId: 1, quantity: -2 }] }), status: 400, mentions: 'Cantidad' },
  { name: 'quantity fractional', method: 'POST', url: '/api/sales', payload: sale({ items: [{ productId: 1, quantity: 1.5 }] }), status: 400, mentions: 'Cantidad' },
  { name: 'quantity huge', method: 'POST', url: '/api/sales', payload: sale({ items: [{ productId: 1, quantity: 1e12 }] }), status: 400, mentions: 'Cantidad' },
  { name: 'too many lines', method: 'POST', url: '/api/sales', payload: sale({ items: Array.from({ length: 501 }, line) }), status: 400, mentions: 'Productos' },
  { name: 'negative discount', method: 'POST', url: '/api/sales', payload: sale({ discount: -5 }), status: 400, mentions: 'Descuento' },
  { name: 'discount not a number', method: 'POST', url: '/api/sales', payload: sale({ discount: 'mucho' }), status: 400, mentions: 'Descuento' },
  { name: 'unknown payment method', method: 'POST', url: '/api/sales', payload: sale({ paymentMethod: 'bitcoin' }), status: 400, mentions: 'Método de pago' },
  { name: 'bad customer email', method: 'POST', url: '/api/sales', payload: sale({ customerEmail: 'no-es-email' }), status: 400, mentions: 'Email del cliente' },
  { name: 'bad clientSaleId', method: 'POST', url: '/api/sales', payload: sale({ clientSaleId: 'abc' }), status: 400, mentions: 'Identificador de venta' },
  { name: 'notes too long', method: 'POST', url: '/api/sales', payload: sale({ notes: 'x'.repeat(1001) }), status: 400, mentions: 'Notas' },
  { name: 'sale without session', method: 'POST', url: '/api/sales', payload: sale({}), as: 'nobody', status: 401 },
  { name: 'list: bad start date', method: 'GET', url: '/api/sales?startDate=ayer', status: 400, mentions: 'Fecha desde' },
  { name: 'list: impossible end date', method: 'GET', url: '/api/sales?endDate=2026-13-45', status: 400, mentions: 'Fecha hasta' },
  { name: 'list: unknown method', method: 'GET', url: '/api/sales?paymentMethod=bitcoin', status: 400, mentions: 'Método de pago' },
  { name: 'list: unknown status', method: 'GET', url: '/api/sales?status=perdida', status: 400, mentions: 'Estado' },
  { name: 'list: bad flagged', method: 'GET', url: '/api/sales?flagged=quizas', status: 400, mentions: 'Con observaciones' },
  { name: 'list: page zero', method: 'GET', url: '/api/sales?page=0', status: 400, mentions: 'Página' },
  { name: 'list: limit above 500', method: 'GET', url: '/api/sales?limit=501', status: 400, mentions: 'Límite' },
  { name: 'list: limit text', method: 'GET', url: '/api/sales?limit=muchas', status: 400, mentions: 'Límite' },
  { name: 'list without session', method: 'GET', url: '/api/sales', as: 'nobody', status: 401 },
  { name: 'summary: bad start', method: 'GET', url: '/api/sales/summary?startDate=hoy', status: 400, mentions: 'Fecha desde' },
  { name: 'summary: 30 February', method: 'GET', url: '/api/sales/summary?endDate=2026-02-30', status: 400, mentions: 'Fecha hasta' },
  { name: 'summary without session', method: 'GET', url: '/api/sales/summary', as: 'nobody', status: 401 },
  { name: 'sale id text', method: 'GET', url: '/api/sales/abc', status: 400, mentions: 'Identificador' },
  { name: 'sale id zero', method: 'GET', url: '/api/sales/0', status: 400, mentions: 'Identificador' },
  { name: 'sale id fractional', method: 'GET', url: '/api/sales/1.5', status: 400, mentions: 'Identificador' },
  { name: 'unknown sale', method: 'GET', url: '/api/sales/99999', status: 404, mentions: 'Venta no encontrada' },
  { name: 'cancel: id text', method: 'POST', url: '/api/sales/abc/cancel', status: 400, mentions: 'Identificador' },
  { name: 'cancel: unknown sale', method: 'POST', url: '/api/sales/99999/cancel', status: 404, mentions: 'Venta no encontrada' },
  { name: 'cancel by a seller', method: 'POST', url: '/api/sales/1/cancel', as: 'seller', status: 403 },
  { name: 'push without body', method: 'POST', url: '/api/sync/push', status: 400 },
  { name: 'push without device credential', method: 'POST', url: '/api/sync/push', payload: envelope({}), device: false, status: 401, mentions: 'dispositivo' },
  { name: 'register: device not a UUID', method: 'POST', url: '/api/sync/devices/register', payload: { deviceId: 'tablet' }, status: 400, mentions: 'Dispositivo' },
  { name: 'push with broken JSON', method: 'POST', url: '/api/sync/push', raw: '{"deviceId":', status: 400, mentions: 'JSON' },
  { name: 'push without device', method: 'POST', url: '/api/sync/push', payload: { schemaVersion: SYNC_SCHEMA_VERSION, sales: [] }, status: 400, mentions: 'Dispositivo' },
  { name: 'push: device not a UUID', method: 'POST', url: '/api/sync/push', payload: envelope({ deviceId: 'tablet' }), status: 400, mentions: 'Dispositivo' },
  { name: 'push: version as text', method: 'POST', url: '/api/sync/push', payload: envelope({ schemaVersion: '1' }), status: 400, mentions: 'Versión de esquema: debe ser un número' },
  { name: 'push: future version', method: 'POST', url: '/api/sync/push', payload: envelope({ schemaVersion: 99 }), status: 400, mentions: 'actualizá la aplicación' },
  { name: 'push: sales not a list', method: 'POST', url: '/api/sync/push', payload: envelope({ sales: {} }), status: 400, mentions: 'Ventas' },
  { name: 'push: 201 sales', method: 'POST', url: '/api/sync/push', payload: envelope({ sales: Array.from({ length: 201 }, () => ({})) }), status: 400, mentions: 'Ventas' },
  { name: 'push: negative pending', method: 'POST', url: '/api/sync/push', payload: envelope({ pendingCount: -1 }), status: 400, mentions: 'Ventas pendientes' },
  { name: 'push: long device name', method: 'POST', url: '/api/sync/push', payload: envelope({ deviceName: 'x'.repeat(101) }), status: 400, mentions: 'Nombre del dispositivo' },
  { name: 'push without session nor device', method: 'POST', url: '/api/sync/push', payload: envelope({}), as: 'nobody', device: false, status: 401 },
  { name: 'pull: negative cursor', method: 'GET', url: '/api/sync/pull?since=-1', status: 400, mentions: 'Cursor' },
  { name: 'pull: cursor text', method: 'GET', url: '/api/sync/pull?since=ayer', status: 400, mentions: 'Cursor' },
  { name: 'pull: limit too big', method: 'GET', url: '/api/sync/pull?limit=5000', status: 400, mentions: 'Límite' },
  { name: 'pull: wrong device key', method: 'GET', url: '/api/sync/pull', device: 'wrong', status: 401, mentions: 'dispositivo' },
  { name: 'pull without session nor device', method: 'GET', url: '/api/sync/pull', as: 'nobody', device: false, status: 401 },
  { name: 'devices by a seller', method: 'GET', url: '/api/sync/devices', as: 'seller', status: 403 },
  { name: 'devices without session', method: 'GET', url: '/api/sync/devices', as: 'nobody', status: 401 },
];

describe('bad input on sales and sync routes', () => {
  it.each(cases)('$name → $status', async (c) => {
    const token = c.as === 'nobody' ? undefined : c.as === 'seller' ? seller : admin;
    const deviceHeaders =
      !c.url.startsWith('/api/sync/') || c.url.startsWith('/api/sync/devices') || c.device === false
        ? {}
        : c.device === 'wrong'
          ? { ...device.headers, 'x-device-key': 'no' }
          : device.headers;
    const res = await s.call({
      method: c.method,
      url: c.url,
      token,
      headers: { ...deviceHeaders, ...(c.raw !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(c.raw !== undefined ? { payload: c.raw } : c.payload !== undefined ? { payload: c.payload as object } : {}),
    });
    expect(res.status).toBe(c.status);
    expect(res.body.success).toBe(false);
    expect(typeof res.body.message).toBe('string');
    expect(res.body.message).not.toMatch(/\b(expected|invalid|required|must|error)\b/i);
    if (c.mentions) expect(res.body.message).toContain(c.mentions);
  });

  it('nothing of the above reached the ledger', async () => {
    const list = await s.call({ method: 'GET', url: '/api/sales', token: admin });
    expect(list.body.pagination.total).toBe(0);
  });
});
