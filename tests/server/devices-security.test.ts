/**
 * Issue #31 items 1, 5, 6 and 8 over real HTTP, on SQLite and PostgreSQL (server and server-pg projects):
 * a device key never lifts the account's guess limit; device registration is limited and audited; signing
 * out revokes the token; the admin renames, revokes and removes devices and force-closes the cash session
 * a lost tablet left open (whose later events are still accepted and shown); a cash event's responsible
 * must have signed in on that device, or the event is flagged.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CASH_MSG } from '../../domain/cash-messages';
import { MSG } from '../../domain/messages';
import { LOGIN_LIMITS } from '../../server/modules/auth/login-limits';
import { REGISTRATIONS_PER_HOUR } from '../../server/modules/sync/devices-service';
import { buildApp, type TestDevice } from '../helpers/server';

// Limits on (the other server tests turn them off).
const { s, admin } = await buildApp({ env: { RATE_LIMIT_PER_MINUTE: '10' } });

const login = (username: string, password: string, ip: string, headers: Record<string, string> = {}) =>
  s.call({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, headers, payload: { username, password } });
const me = (token: string) => s.call({ method: 'GET', url: '/api/auth/me', token });
const devices = async () => (await s.call({ method: 'GET', url: '/api/sync/devices', token: admin })).body.data as Record<string, unknown>[];
const deviceJson = async (id: string) => (await devices()).find((d) => d.id === id)!;
const idOf = async (username: string) =>
  (await s.call({ method: 'GET', url: '/api/users', token: admin })).body.data.find((u: { username: string }) => u.username === username).id as number;
const pull = (device: TestDevice) => s.call({ method: 'GET', url: '/api/sync/pull?since=0', headers: device.headers });

const at = () => new Date().toISOString();
const open = (session: string, userId: number) => ({ type: 'open', eventId: randomUUID(), clientSessionId: session, at: at(), userId, float: 1000 });
const move = (session: string, userId: number, amount = 100) => ({ type: 'movement', eventId: randomUUID(), clientSessionId: session, at: at(), userId, kind: 'out', amount, reason: 'otro' });
const close = (session: string, userId: number, counted: number, comment: string | null = null) => ({ type: 'close', eventId: randomUUID(), clientSessionId: session, at: at(), userId, counted, comment });
const pushCash = (device: TestDevice, events: unknown[], token?: string) =>
  s.call({ method: 'POST', url: '/api/sync/cash', headers: device.headers, token, payload: { deviceId: device.id, events } });
const results = (res: { body: { data?: { results: { status: string; reason?: string }[] } } }) => res.body.data!.results;
const sessionOf = async (deviceId: string) => (await s.call({ method: 'GET', url: `/api/cash-sessions?deviceId=${deviceId}`, token: admin })).body.data[0];

describe('#31.1 a device key never lifts the account limit', () => {
  it(`a seller at a registered counter gets ${LOGIN_LIMITS.perAccount} guesses at another account, then 429 even with the right password`, async () => {
    const sellerToken = await s.sellerToken('guesser');
    await s.sellerToken('victim');
    const device = await s.registerDevice(sellerToken);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await login('victim', `guess-${i}`, '10.1.1.1', device.headers)).status);
    expect(statuses.filter((st) => st === 401)).toHaveLength(LOGIN_LIMITS.perAccount);
    expect(statuses.slice(LOGIN_LIMITS.perAccount).every((st) => st === 429)).toBe(true);
    expect(await login('victim', 'clave-vendedor', '10.1.1.2', device.headers)).toMatchObject({ status: 429, body: { message: MSG.tooManyLoginAttempts } });
    // Nor does any other address or no device at all.
    expect((await login('victim', 'clave-vendedor', '10.1.1.3')).status).toBe(429);
  });

  it(`registration: ${REGISTRATIONS_PER_HOUR} devices per user and hour, then 429; each device says who registered it, when and from where`, async () => {
    const token = await s.sellerToken('registrar');
    const register = (deviceId = randomUUID()) =>
      s.call({ method: 'POST', url: '/api/sync/devices/register', token, remoteAddress: '192.0.2.77', payload: { deviceId, deviceName: 'Caja' } });
    const ids: string[] = [];
    for (let i = 0; i < REGISTRATIONS_PER_HOUR; i++) {
      const id = randomUUID();
      expect((await register(id)).status).toBe(201);
      ids.push(id);
    }
    expect(await register()).toMatchObject({ status: 429, body: { success: false, message: MSG.tooManyDeviceRegistrations } });
    // Another user is not limited by this one.
    expect((await s.call({ method: 'POST', url: '/api/sync/devices/register', token: await s.sellerToken('otro-registrar'), payload: { deviceId: randomUUID() } })).status).toBe(201);
    const listed = await deviceJson(ids[0]);
    expect(listed).toMatchObject({ registeredBy: { id: await idOf('registrar'), fullName: 'Vendedor registrar' }, registeredFrom: '192.0.2.77', revokedAt: null });
    expect(typeof listed.registeredAt).toBe('string');
  });
});

describe('#31.5 signing out revokes the token', () => {
  it('POST /auth/logout: that token answers 401 from then on; the same user\'s other sessions go on', async () => {
    await s.sellerToken('leaver');
    const tablet = await s.login('leaver', 'clave-vendedor');
    const office = await s.login('leaver', 'clave-vendedor');
    expect((await me(tablet)).status).toBe(200);
    expect(await s.call({ method: 'POST', url: '/api/auth/logout', token: tablet })).toEqual({ status: 200, body: { success: true, message: MSG.logoutOk } });
    expect(await me(tablet)).toEqual({ status: 401, body: { success: false, message: MSG.sessionRequired } });
    expect((await s.call({ method: 'GET', url: '/api/sync/devices/register', token: tablet })).status).toBe(404);
    expect((await s.call({ method: 'POST', url: '/api/sync/devices/register', token: tablet, payload: { deviceId: randomUUID() } })).status).toBe(401);
    expect((await s.call({ method: 'POST', url: '/api/auth/logout', token: tablet })).status).toBe(401);
    expect((await me(office)).status).toBe(200);
  });
});

describe('#31.6 the admin manages devices', () => {
  it('renames; a seller may not; an unknown id is 404', async () => {
    const device = await s.registerDevice(admin);
    const res = await s.call({ method: 'PUT', url: `/api/sync/devices/${device.id}`, token: admin, payload: { name: 'Caja del fondo' } });
    expect(res).toMatchObject({ status: 200, body: { success: true, message: MSG.deviceRenamed, data: { id: device.id, name: 'Caja del fondo' } } });
    expect((await s.call({ method: 'PUT', url: `/api/sync/devices/${device.id}`, token: await s.sellerToken(), payload: { name: 'x' } })).status).toBe(403);
    expect((await s.call({ method: 'PUT', url: `/api/sync/devices/${randomUUID()}`, token: admin, payload: { name: 'x' } })).status).toBe(404);
    expect((await s.call({ method: 'PUT', url: `/api/sync/devices/${device.id}`, token: admin, payload: { name: '  ' } })).status).toBe(400);
  });

  it('revoking stops the key at once (pull, push, sign-in headers); its id cannot be registered again', async () => {
    const token = await s.sellerToken('lost-tablet');
    const device = await s.registerDevice(token);
    expect((await pull(device)).status).toBe(200);
    const res = await s.call({ method: 'POST', url: `/api/sync/devices/${device.id}/revoke`, token: admin });
    expect(res).toMatchObject({ status: 200, body: { message: MSG.deviceRevoked, data: { id: device.id } } });
    expect(typeof res.body.data.revokedAt).toBe('string');
    expect(await pull(device)).toEqual({ status: 401, body: { success: false, message: MSG.deviceCredentialRequired } });
    expect((await pushCash(device, [])).status).toBe(401);
    expect((await s.call({ method: 'POST', url: '/api/sync/devices/register', token, payload: { deviceId: device.id } })).status).toBe(409);
    // The tablet, if found, registers a fresh id and delivers what it holds.
    expect((await pull(await s.registerDevice(token))).status).toBe(200);
  });

  it('removes a device that never left a trace; one with a cash session is kept (409)', async () => {
    const idle = await s.registerDevice(admin);
    expect(await s.call({ method: 'DELETE', url: `/api/sync/devices/${idle.id}`, token: admin })).toEqual({ status: 200, body: { success: true, message: MSG.deviceRemoved } });
    expect((await devices()).some((d) => d.id === idle.id)).toBe(false);
    expect((await pull(idle)).status).toBe(401);
    const used = await s.registerDevice(admin);
    expect(results(await pushCash(used, [open(randomUUID(), 1)]))[0].status).toBe('applied');
    expect(await s.call({ method: 'DELETE', url: `/api/sync/devices/${used.id}`, token: admin })).toEqual({ status: 409, body: { success: false, message: MSG.deviceHasHistory } });
    expect((await s.call({ method: 'DELETE', url: `/api/sync/devices/${randomUUID()}`, token: admin })).status).toBe(404);
  });

  it('force-closes the cash session a lost tablet left open: count unknown and flagged; its later movement and close are accepted and shown', async () => {
    const device = await s.registerDevice(admin);
    const session = randomUUID();
    expect(results(await pushCash(device, [open(session, 1), move(session, 1, 200)])).map((r) => r.status)).toEqual(['applied', 'applied']);
    const openId = (await deviceJson(device.id)).openCashSessionId as number;
    expect(openId).toBe((await sessionOf(device.id)).id);

    const forced = await s.call({ method: 'POST', url: `/api/cash-sessions/${openId}/force-close`, token: admin });
    expect(forced).toMatchObject({ status: 200, body: { message: CASH_MSG.forceClosed, data: { status: 'cerrada', forceClosed: true, counted: null, difference: null, expected: 800 } } });
    expect(forced.body.data.zNumber).toBeGreaterThan(0);
    expect(forced.body.data.reviewNote).toContain('sin arqueo');
    expect((await deviceJson(device.id)).openCashSessionId).toBeNull();
    expect((await s.call({ method: 'POST', url: `/api/cash-sessions/${openId}/force-close`, token: admin })).status).toBe(409);
    expect((await s.call({ method: 'POST', url: `/api/cash-sessions/${openId}/force-close`, token: await s.sellerToken() })).status).toBe(403);

    // What the tablet captured meanwhile still arrives: a movement (flagged late) and its own close (fills the count, once).
    const lateClose = close(session, 1, 700, 'faltan 0');
    const later = results(await pushCash(device, [move(session, 1, 100), lateClose]));
    expect(later.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect(later[1]).toMatchObject({ zNumber: forced.body.data.zNumber, expected: 800, difference: -100 });
    expect(results(await pushCash(device, [lateClose]))[0].status).toBe('duplicate');
    expect(results(await pushCash(device, [close(session, 1, 800)]))[0]).toMatchObject({ status: 'rejected', reason: CASH_MSG.bodyReplayed });
    const detail = (await s.call({ method: 'GET', url: `/api/cash-sessions/${openId}`, token: admin })).body.data;
    expect(detail).toMatchObject({ counted: 700, difference: -100, forceClosed: true, zNumber: forced.body.data.zNumber });
    expect(detail.reviewNote).toContain('después del cierre forzado');
    expect(detail.movements.map((m: { reviewNote: string | null }) => m.reviewNote)).toEqual([null, CASH_MSG.afterForcedClose]);
    // The device can open a new session.
    expect(results(await pushCash(device, [open(randomUUID(), 1)]))[0].status).toBe('applied');
  });
});

describe('#31.8 a cash event names only someone who signed in on that device', () => {
  it('open, movement and close naming a user who never signed in there: applied under the device\'s user, flagged', async () => {
    const cashierToken = await s.sellerToken('cajera');
    const cashier = await idOf('cajera');
    await s.sellerToken('ajeno');
    const stranger = await idOf('ajeno');
    const device = await s.registerDevice(cashierToken);
    const session = randomUUID();
    const res = results(await pushCash(device, [open(session, stranger), move(session, stranger), close(session, stranger, 900)]));
    expect(res.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    const detail = (await s.call({ method: 'GET', url: `/api/cash-sessions/${(await sessionOf(device.id)).id}`, token: admin })).body.data;
    expect(detail.openedBy).toEqual({ id: cashier, fullName: 'Vendedor cajera' });
    expect(detail.reviewNote).toBe(CASH_MSG.responsibleNotOnDevice(stranger, 'Vendedor cajera'));
    expect(detail.movements[0]).toMatchObject({ userName: 'Vendedor cajera', reviewNote: CASH_MSG.responsibleNotOnDevice(stranger, 'Vendedor cajera') });
    expect(detail.closedBy).toEqual({ id: cashier, fullName: 'Vendedor cajera' });
    // A user id that does not exist at all is still refused, as before.
    expect(results(await pushCash(device, [open(randomUUID(), 987654)]))[0]).toMatchObject({ status: 'rejected' });
  });

  it('a user who signed in on the device (online, with its key) is believed', async () => {
    const ownerToken = await s.sellerToken('duena');
    await s.sellerToken('turno-tarde');
    const device = await s.registerDevice(ownerToken);
    expect((await login('turno-tarde', 'clave-vendedor', '10.2.2.2', device.headers)).status).toBe(200);
    const session = randomUUID();
    const other = await idOf('turno-tarde');
    expect(results(await pushCash(device, [open(session, other), close(session, other, 1000)])).map((r) => r.status)).toEqual(['applied', 'applied']);
    const listed = await sessionOf(device.id);
    expect(listed).toMatchObject({ openedBy: { id: other }, closedBy: { id: other }, reviewNote: null });
  });
});
