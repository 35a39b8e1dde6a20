/**
 * Set-up of Mercado Pago in person (Configuración → Dispositivos → «Mercado Pago», MercadoPagoCounterDialog; issue #34 item 4): the account's store
 * (sucursal), one caja (POS, external_id letters and digits < 40) per counter device, and the Point
 * terminal of that caja. Each failure is said plainly in Spanish. What is saved (mp_counters) is what the
 * counter's attempts use: the browser never picks a caja or a terminal.
 */
import type { CounterJson, CounterSetupBody } from '../../../domain/schemas/payment-orders';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { MercadoPagoError } from '../../integrations/mercadopago/errors';
import { createOrdersClient } from '../../integrations/mercadopago/orders-client';
import { ordersRepository, type CounterRow } from './orders-repository';
import type { PaymentsContext } from './service';
import { devices } from '../../db/schema';
import { first } from '../../db/store';
import { eq } from 'drizzle-orm';

const json = (row: CounterRow): CounterJson => ({ deviceId: row.deviceId, storeId: row.storeId, posId: row.posId, externalPosId: row.externalPosId, terminalId: row.terminalId });

/** A Mercado Pago refusal during set-up, in plain Spanish. */
function setupFailure(error: unknown): AppError {
  if (!(error instanceof MercadoPagoError)) return error instanceof AppError ? error : new AppError(502, 'Mercado Pago no respondió como se esperaba');
  if (['timeout', 'network', 'unavailable'].includes(error.kind)) return new AppError(503, 'No se pudo conectar con Mercado Pago: revisá la conexión a internet y probá de nuevo.');
  if (error.kind === 'auth') return new AppError(502, 'Mercado Pago rechazó las credenciales: revisá el access token.');
  const plain: Record<string, string> = {
    INVALID_EXTERNAL_ID: 'El código de la caja solo puede tener letras y números.',
    EXTERNAL_ID_TOO_LONG: 'El código de la caja debe tener menos de 40 caracteres.',
    EXTERNAL_STORE_ID_NOT_MATCH: 'La caja no corresponde a esa sucursal.',
    STORE_NOT_FOUND: 'Mercado Pago no encuentra esa sucursal.',
    VALIDATION_ERROR: 'Mercado Pago rechazó los datos de la sucursal (¿ya existe una con ese código?).',
  };
  return new AppError(error.status === 409 ? 409 : 502, plain[error.code] ?? `Mercado Pago rechazó el pedido: ${error.message}`);
}

export function createCountersService(ctx: PaymentsContext) {
  async function api() {
    const runtime = await ctx.runtime();
    if (!runtime.configured || !runtime.accessToken) throw new AppError(409, 'Mercado Pago no está configurado: cargá el access token primero.');
    return createOrdersClient({ apiUrl: runtime.apiUrl, accessToken: runtime.accessToken, timeoutMs: ctx.env.timeoutMs });
  }
  const guard = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw setupFailure(error);
    }
  };

  return {
    list: async () => (await ctx.store.read((q) => ordersRepository.counters(q))).map(json),

    stores: () =>
      guard(async () => {
        const client = await api();
        const me = await client.me();
        return (await client.listStores(String(me.id))).map((s) => ({ id: String(s.id), name: s.name, externalId: s.external_id ?? null }));
      }),

    /** Creates or picks the store, creates or reuses the caja (same external_id), checks the terminal belongs to it, and saves them for the device. */
    async setup(deviceId: string, body: CounterSetupBody): Promise<CounterJson> {
      const device = await ctx.store.read((q) => first(q.select({ id: devices.id }).from(devices).where(eq(devices.id, deviceId))));
      if (!device) throw notFound('No existe ese dispositivo');
      if (!body.storeId && !(body.storeName && body.address)) throw badRequest('Elegí una sucursal o escribí el nombre y la dirección de una nueva.');
      const saved = await guard(async () => {
        const client = await api();
        let storeId = body.storeId;
        if (!storeId) {
          const me = await client.me();
          const a = body.address!;
          const store = await client.createStore(String(me.id), {
            name: body.storeName!,
            location: { street_name: a.street, street_number: a.number, city_name: a.city, state_name: a.state, latitude: -34.6037, longitude: -58.3816, reference: '' },
          });
          storeId = String(store.id);
        }
        const existing = (await client.listPos({ externalId: body.posExternalId }))[0];
        if (existing && String(existing.store_id) !== storeId) throw conflict('Ya hay una caja con ese código en otra sucursal: elegí otro código.');
        const pos = existing ?? (await client.createPos({ name: body.posName, fixed_amount: true, store_id: storeId, external_id: body.posExternalId }));
        if (body.terminalId) {
          const terminal = (await client.listTerminals({ posId: String(pos.id) })).find((t) => t.id === body.terminalId);
          if (!terminal) throw badRequest('Ese terminal Point no está asociado a esta caja.');
          if (terminal.operating_mode !== 'PDV') throw badRequest('El terminal Point no está en modo integrado (PDV): cambialo y reinicialo antes de asignarlo.');
        }
        return { deviceId, storeId, posId: String(pos.id), externalPosId: pos.external_id, terminalId: body.terminalId ?? null };
      });
      await ctx.store.write((tx) => ordersRepository.saveCounter(tx, saved));
      return saved;
    },

    async terminals(deviceId: string) {
      const counter = await ctx.store.read((q) => ordersRepository.counter(q, deviceId));
      if (!counter) throw notFound('Este dispositivo todavía no tiene caja de Mercado Pago.');
      return guard(async () => (await (await api()).listTerminals({ posId: counter.posId })).map((t) => ({ id: t.id, operatingMode: t.operating_mode, posId: String(t.pos_id) })));
    },
  };
}
