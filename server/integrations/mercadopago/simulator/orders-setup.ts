/**
 * The simulator's set-up calls (stores, POS or cajas, Point terminals), as Mercado Pago answers them: a POS
 * `external_id` is letters and digits, shorter than 40, unique (409); each new POS comes with one Point
 * terminal in PDV mode (Mercado Pago allows one integrated terminal per POS).
 */
import type { MpPos, MpPosRequest, MpStore, MpStoreRequest, MpTerminal } from '../orders-types';
import type { OrdersRoute, SimRequest } from './sim-request';

const POS_EXTERNAL_ID = /^[A-Za-z0-9]{1,39}$/;

export interface SetupState {
  stores: Map<string, MpStore>;
  poses: Map<string, MpPos>;
  terminals: Map<string, MpTerminal>;
  /** Answers 401 and returns false when the request's token is not the simulator's. */
  authed: (r: SimRequest) => boolean;
  /** The request's JSON body, or undefined after answering 400. */
  parse: <T>(r: SimRequest) => T | undefined;
  /** The simulator's own base URL (the POS's QR image address). */
  base: () => string;
}

export function setupRoutes({ stores, poses, terminals, authed, parse, base }: SetupState): OrdersRoute[] {
  return [
    ['GET', /^\/users\/me$/, (r) => void (authed(r) && r.reply(200, { id: 123456789, nickname: 'TIENDA_SIMULADA', site_id: 'MLA' }))],
    [
      'POST',
      /^\/users\/(\d+)\/stores$/,
      (r) => {
        if (!authed(r)) return;
        const body = parse<MpStoreRequest>(r);
        if (!body) return;
        if (!body.name || !body.location?.street_name || !body.location.city_name || !body.location.state_name) return r.reply(400, { error: 'VALIDATION_ERROR', message: 'name and location are required' });
        if (body.external_id && [...stores.values()].some((s) => s.external_id === body.external_id)) return r.reply(400, { error: 'VALIDATION_ERROR', message: 'External_id-already-used' });
        const store: MpStore = { id: String(50_000_000 + stores.size + 1), name: body.name, external_id: body.external_id };
        stores.set(store.id, store);
        r.reply(201, store);
      },
    ],
    ['GET', /^\/users\/(\d+)\/stores\/search$/, (r) => void (authed(r) && r.reply(200, { paging: { total: stores.size, offset: 0, limit: 50 }, results: [...stores.values()] }))],
    [
      'POST',
      /^\/pos$/,
      (r) => {
        if (!authed(r)) return;
        const body = parse<MpPosRequest>(r);
        if (!body) return;
        if (!body.name || body.name.length >= 45) return r.reply(400, { error: 'INVALID_NAME', message: 'name is required (< 45 chars)' });
        if (typeof body.external_id !== 'string' || body.external_id.length >= 40) return r.reply(400, { error: body.external_id?.length >= 40 ? 'EXTERNAL_ID_TOO_LONG' : 'INVALID_EXTERNAL_ID', message: 'invalid external_id' });
        if (!POS_EXTERNAL_ID.test(body.external_id)) return r.reply(400, { error: 'INVALID_EXTERNAL_ID', message: 'external_id must be letters and digits' });
        const store = stores.get(String(body.store_id));
        if (!store) return r.reply(400, { error: 'STORE_NOT_FOUND', message: 'store_id not found' });
        if (body.external_store_id && store.external_id && body.external_store_id !== store.external_id) return r.reply(400, { error: 'EXTERNAL_STORE_ID_NOT_MATCH', message: 'external_store_id does not match' });
        if ([...poses.values()].some((p) => p.external_id === body.external_id)) return r.reply(409, { error: 'POS_ALREADY_EXISTS', message: 'external_id already used' });
        const id = 70_000_000 + poses.size + 1;
        const pos: MpPos = { id, name: body.name, store_id: store.id, external_id: body.external_id, status: 'active', qr: { image: `${base()}/__sim/qr/${body.external_id}.png` } };
        poses.set(String(id), pos);
        // Each caja comes with one Point in PDV mode (MP allows only one integrated terminal per POS).
        const terminalId = `PAX_A910__SMARTPOS${String(id).padStart(10, '0')}`;
        terminals.set(terminalId, { id: terminalId, pos_id: id, store_id: store.id, external_pos_id: body.external_id, operating_mode: 'PDV' });
        r.reply(201, pos);
      },
    ],
    [
      'GET',
      /^\/pos$/,
      (r) => {
        if (!authed(r)) return;
        const externalId = r.url.searchParams.get('external_id');
        const storeId = r.url.searchParams.get('store_id');
        const results = [...poses.values()].filter((p) => (!externalId || p.external_id === externalId) && (!storeId || p.store_id === storeId));
        r.reply(200, { paging: { total: results.length, offset: 0, limit: 50 }, results });
      },
    ],
    [
      'GET',
      /^\/terminals\/v1\/list$/,
      (r) => {
        if (!authed(r)) return;
        const storeId = r.url.searchParams.get('store_id');
        const posId = r.url.searchParams.get('pos_id');
        const list = [...terminals.values()].filter((t) => (!storeId || t.store_id === storeId) && (!posId || String(t.pos_id) === posId));
        r.reply(200, { data: { terminals: list }, paging: { total: list.length, offset: 0, limit: 50 } });
      },
    ],
  ];
}
