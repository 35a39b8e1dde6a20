/**
 * Cash sessions (issue #16) over real HTTP and SQLite: POST /sync/cash stores each event exactly once
 * (replays, concurrent pushes, another body), the close computes expected cash from the server's ledger
 * (cash sales − cancelled cash sales + ins − outs) and is immutable, sales pushed after the close are
 * late on the session, «Abrir cajón» openings (drawer_open) are stored once and never change the expected
 * cash, and the back office lists and details sessions by device and day.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CASH_MSG } from '../../domain/cash-messages';
import { SYNC_SCHEMA_VERSION } from '../../domain/constants';
import { createProduct, pushedSale } from '../helpers/fixtures';
import { buildApp, type TestDevice } from '../helpers/server';
import { sqlGet } from '../helpers/sql';


const { s, admin } = await buildApp();

const at = (offsetMs = 0) => new Date(Date.now() + offsetMs).toISOString();
const open = (session: string, float: number, extra: Record<string, unknown> = {}) => ({ type: 'open', eventId: randomUUID(), clientSessionId: session, at: at(), userId: 1, float, ...extra });
const move = (session: string, kind: 'in' | 'out', amount: number, reason = 'retiro_caja_fuerte') => ({ type: 'movement', eventId: randomUUID(), clientSessionId: session, at: at(), userId: 1, kind, amount, reason });
const drawer = (session: string, extra: Record<string, unknown> = {}) => ({ type: 'drawer_open', eventId: randomUUID(), clientSessionId: session, at: at(), userId: 1, ...extra });
const close = (session: string, counted: number, comment: string | null = null) => ({ type: 'close', eventId: randomUUID(), clientSessionId: session, at: at(), userId: 1, counted, comment });

const pushCash = (device: TestDevice, events: unknown[]) => s.call({ method: 'POST', url: '/api/sync/cash', headers: device.headers, payload: { deviceId: device.id, events } });
const pushSales = (device: TestDevice, sales: unknown[]) =>
  s.call({ method: 'POST', url: '/api/sync/push', headers: device.headers, payload: { deviceId: device.id, schemaVersion: SYNC_SCHEMA_VERSION, sales } });
const statuses = (res: { body: { data?: { results: { status: string }[] } } }) => res.body.data!.results.map((r) => r.status);
const sessionsOf = async (deviceId: string) => (await s.call({ method: 'GET', url: `/api/cash-sessions?deviceId=${deviceId}`, token: admin })).body.data;
const countRows = async (table: string, where: string, arg: string) => ((await sqlGet(s.app, `select count(*) as n from ${table} where ${where}`, arg)) as { n: number }).n;

describe('POST /sync/cash: exactly once', () => {
  it('a whole day: expected = float + cash sales − cancelled cash sales + ins − outs; the Z is numbered and immutable', async () => {
    const device = await s.registerDevice(admin);
    const product = await createProduct(s.app.store, { price: 1000, stock: 100 });
    const session = randomUUID();
    expect(statuses(await pushCash(device, [open(session, 10000)]))).toEqual(['applied']);
    const sales = [
      pushedSale(1, [{ productId: product, quantity: 3, unitPrice: 1000 }], { cashSessionId: session }),
      pushedSale(2, [{ productId: product, quantity: 2, unitPrice: 1000 }], { cashSessionId: session, paymentMethod: 'tarjeta' }),
      pushedSale(3, [{ productId: product, quantity: 1, unitPrice: 1234.56 }], { cashSessionId: session }),
    ];
    const pushed = await pushSales(device, sales);
    expect(statuses(pushed)).toEqual(['applied', 'applied', 'applied']);
    const cancelled = await s.call({ method: 'POST', url: `/api/sales/${pushed.body.data.results[2].saleId}/cancel`, token: admin });
    expect(cancelled.status).toBe(200);
    // Expected: 10.000 + 3.000 + 1.234,56 − 1.234,56 + 700 − 5.000 = 8.700
    const day = await pushCash(device, [move(session, 'out', 5000), move(session, 'in', 700, 'cambio'), close(session, 8500, 'faltan 200')]);
    expect(statuses(day)).toEqual(['applied', 'applied', 'applied']);
    const z = day.body.data.results[2];
    expect(z).toMatchObject({ expected: 8700, difference: -200 });
    expect(z.zNumber).toBeGreaterThan(0);

    const [listed] = await sessionsOf(device.id);
    expect(listed).toMatchObject({ status: 'cerrada', float: 10000, expected: 8700, counted: 8500, difference: -200, comment: 'faltan 200', zNumber: z.zNumber, lateSales: 0 });
    expect(listed.openedBy.fullName).toBeTruthy();
    const detail = (await s.call({ method: 'GET', url: `/api/cash-sessions/${listed.id}`, token: admin })).body.data;
    expect(detail.sales).toHaveLength(3);
    expect(detail.movements.map((m: { kind: string; amount: number }) => [m.kind, m.amount])).toEqual([['out', 5000], ['in', 700]]);
    expect(detail.report).toMatchObject({ float: 10000, cashSales: 4234.56, cashRefunds: 1234.56, ins: 700, outs: 5000, expected: 8700 });
    expect(detail.report.byMethod.find((m: { paymentMethod: string }) => m.paymentMethod === 'tarjeta')).toEqual({ paymentMethod: 'tarjeta', count: 1, total: 2000 });

    // A sale of the session arriving after the close is accepted and flagged; the Z does not move.
    const late = await pushSales(device, [pushedSale(4, [{ productId: product, quantity: 1, unitPrice: 1000 }], { cashSessionId: session })]);
    expect(statuses(late)).toEqual(['applied']);
    const [after] = await sessionsOf(device.id);
    expect(after).toMatchObject({ expected: 8700, difference: -200, lateSales: 1 });
    // A movement after the close is refused; another close body is refused; the same close is a duplicate.
    const again = await pushCash(device, [move(session, 'in', 1), close(session, 8700)]);
    expect(again.body.data.results.map((r: { reason?: string }) => r.reason)).toEqual([CASH_MSG.sessionClosed, CASH_MSG.bodyReplayed]);
  });

  it('the same events pushed twice, and concurrently on two connections, are stored once', async () => {
    const device = await s.registerDevice(admin);
    const session = randomUUID();
    const events = [open(session, 500), move(session, 'out', 100), move(session, 'in', 50), close(session, 450)];
    expect(statuses(await pushCash(device, events))).toEqual(['applied', 'applied', 'applied', 'applied']);
    const replay = await pushCash(device, events);
    expect(statuses(replay)).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect(replay.body.data.results[3]).toMatchObject({ expected: 450, difference: 0 });

    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = s.app.server.address() as { port: number };
    const other = await s.registerDevice(admin);
    const concurrent = randomUUID();
    const body = JSON.stringify({ deviceId: other.id, events: [open(concurrent, 1000), move(concurrent, 'out', 300), close(concurrent, 700)] });
    const send = () =>
      fetch(`http://127.0.0.1:${port}/api/sync/cash`, { method: 'POST', headers: { 'content-type': 'application/json', ...other.headers }, body }).then((r) => r.json());
    const replies = await Promise.all([send(), send(), send()]);
    const all = replies.flatMap((r) => r.data.results.map((x: { status: string }) => x.status));
    expect(all.filter((x: string) => x === 'applied')).toHaveLength(3);
    expect(all.filter((x: string) => x === 'duplicate')).toHaveLength(6);
    expect(await countRows('cash_sessions', 'client_session_id = ?', concurrent)).toBe(1);
    expect(await countRows('cash_movements', 'session_id = (select id from cash_sessions where client_session_id = ?)', concurrent)).toBe(1);
    const zs = replies.map((r) => r.data.results[2].zNumber);
    expect(new Set(zs).size).toBe(1);
  });

  it('«Abrir cajón» openings are stored once on replay, listed in the detail, and never change the expected cash', async () => {
    const device = await s.registerDevice(admin);
    const session = randomUUID();
    const first = drawer(session);
    const second = drawer(session);
    const day = [open(session, 1000), first, move(session, 'out', 300), second];
    expect(statuses(await pushCash(device, day))).toEqual(['applied', 'applied', 'applied', 'applied']);
    const replay = await pushCash(device, day);
    expect(statuses(replay)).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate']);
    // The same eventId with another body (another person) is refused, not stored again.
    const changed = await pushCash(device, [{ ...first, at: at(-60_000) }]);
    expect(changed.body.data.results[0]).toMatchObject({ status: 'rejected', reason: CASH_MSG.bodyReplayed });
    expect(await countRows('cash_drawer_opens', 'session_id = (select id from cash_sessions where client_session_id = ?)', session)).toBe(2);
    // Another device cannot log openings on this session; an unknown session is refused.
    const other = await s.registerDevice(admin);
    const refused = await pushCash(other, [drawer(session), drawer(randomUUID())]);
    expect(refused.body.data.results.map((r: { reason?: string }) => r.reason)).toEqual([CASH_MSG.otherDevice, CASH_MSG.unknownSession]);
    // Expected cash: 1.000 − 300, whatever the drawer openings.
    const z = (await pushCash(device, [close(session, 700)])).body.data.results[0];
    expect(z).toMatchObject({ status: 'applied', expected: 700, difference: 0 });
    const [listed] = await sessionsOf(device.id);
    const detail = (await s.call({ method: 'GET', url: `/api/cash-sessions/${listed.id}`, token: admin })).body.data;
    expect(detail.report.expected).toBe(700);
    expect(detail.drawerOpens).toHaveLength(2);
    expect(detail.drawerOpens[0]).toMatchObject({ at: first.at, userName: listed.openedBy.fullName, reviewNote: null });
    // After the close, an opening is refused (the Z is immutable); a malformed one is rejected on its own.
    const late = await pushCash(device, [drawer(session), drawer(session, { userId: 0 })]);
    expect(late.body.data.results[0].reason).toBe(CASH_MSG.sessionClosed);
    expect(late.body.data.results[1].reason).toMatch(/Datos inválidos/);
    expect(await countRows('cash_drawer_opens', 'session_id = (select id from cash_sessions where client_session_id = ?)', session)).toBe(2);
  });

  it('two devices run sessions at the same time without mixing sales', async () => {
    const product = await createProduct(s.app.store, { price: 100, stock: 100 });
    const [a, b] = [await s.registerDevice(admin), await s.registerDevice(admin)];
    const [sa, sb] = [randomUUID(), randomUUID()];
    await pushCash(a, [open(sa, 1000)]);
    await pushCash(b, [open(sb, 2000)]);
    await pushSales(a, [pushedSale(1, [{ productId: product, quantity: 1, unitPrice: 100 }], { cashSessionId: sa })]);
    await pushSales(b, [1, 2].map((seq) => pushedSale(seq, [{ productId: product, quantity: 2, unitPrice: 100 }], { cashSessionId: sb })));
    const ra = (await pushCash(a, [close(sa, 1100)])).body.data.results[0];
    const rb = (await pushCash(b, [close(sb, 2400)])).body.data.results[0];
    expect([ra.expected, ra.difference, rb.expected, rb.difference]).toEqual([1100, 0, 2400, 0]);
    expect(rb.zNumber).toBe(ra.zNumber + 1);
    // A device cannot touch another device's session.
    const stolen = await pushCash(a, [move(sb, 'out', 1)]);
    expect(stolen.body.data.results[0].reason).toBe(CASH_MSG.otherDevice);
  });

  it('refuses a second open session, a difference without comment, bad input per event, and a foreign deviceId', async () => {
    const device = await s.registerDevice(admin);
    const first = randomUUID();
    const res = await pushCash(device, [
      open(first, 100),
      open(randomUUID(), 100),
      { type: 'open', eventId: randomUUID(), clientSessionId: 'x', at: at(), userId: 1, float: -1 },
      { type: 'nada' },
      move(first, 'out', 0),
      close(first, 90),
      open(randomUUID(), 100, { at: at(3 * 24 * 3600 * 1000) }),
    ]);
    expect(res.status).toBe(200);
    const results = res.body.data.results;
    expect(statuses(res)).toEqual(['applied', 'rejected', 'rejected', 'rejected', 'rejected', 'rejected', 'rejected']);
    expect(results[1].reason).toBe(CASH_MSG.serverAlreadyOpen);
    expect(results[2].reason).toMatch(/Datos inválidos/);
    expect(results[5].reason).toBe(CASH_MSG.commentRequired);
    expect(results[6].reason).toBe(CASH_MSG.capturedInFuture);
    const other = await s.registerDevice(admin);
    const foreign = await s.call({ method: 'POST', url: '/api/sync/cash', headers: other.headers, payload: { deviceId: device.id, events: [] } });
    expect(foreign.status).toBe(403);
    const anonymous = await s.call({ method: 'POST', url: '/api/sync/cash', payload: { deviceId: device.id, events: [] } });
    expect(anonymous.status).toBe(401);
    const bad = await s.call({ method: 'POST', url: '/api/sync/cash', headers: device.headers, payload: { deviceId: device.id } });
    expect(bad.status).toBe(400);
  });

  it('lists by day ("hoy"), with differences only, and answers 404 for an unknown session', async () => {
    const device = await s.registerDevice(admin);
    const session = randomUUID();
    await pushCash(device, [open(session, 100), close(session, 50, 'faltante')]);
    const today = (await s.call({ method: 'GET', url: '/api/cash-sessions?date=hoy&withDifference=true', token: admin })).body.data;
    expect(today.some((x: { clientSessionId: string; difference: number }) => x.clientSessionId === session && x.difference === -50)).toBe(true);
    expect(today.every((x: { difference: number }) => x.difference !== 0)).toBe(true);
    const none = await s.call({ method: 'GET', url: '/api/cash-sessions?date=2001-01-01', token: admin });
    expect(none.body.data).toEqual([]);
    expect((await s.call({ method: 'GET', url: '/api/cash-sessions?date=ayer', token: admin })).status).toBe(400);
    const missing = await s.call({ method: 'GET', url: '/api/cash-sessions/999999', token: admin });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(CASH_MSG.notFound);
    const seller = await s.sellerToken();
    expect((await s.call({ method: 'GET', url: '/api/cash-sessions', token: seller })).status).toBe(403);
  });
});
