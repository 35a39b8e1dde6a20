/**
 * Issue #13 items 10–13: sessions die with a password change or reset; guessing is limited per account,
 * per address and per device (not per IP alone), and the account's limit holds at a known device too; a disabled account's right password looks like a wrong one;
 * a reset password starts a fresh count (issue #38).
 */
import { describe, expect, it } from 'vitest';
import { MSG } from '../../domain/messages';
import { LOGIN_LIMITS } from '../../server/modules/auth/login-limits';
import { buildApp } from '../helpers/server';

// Limits on (the other server tests turn them off).
const { s, admin } = await buildApp({ env: { RATE_LIMIT_PER_MINUTE: '10' } });

const login = (username: string, password: string, ip = '10.0.0.1', headers: Record<string, string> = {}) =>
  s.call({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, headers, payload: { username, password } });
const me = (token: string) => s.call({ method: 'GET', url: '/api/auth/me', token });
const idOf = async (username: string) =>
  (await s.call({ method: 'GET', url: '/api/users', token: admin })).body.data.find((u: { username: string }) => u.username === username).id as number;

describe('sessions are revoked', () => {
  it("by the user's own password change; the changing session gets a fresh token", async () => {
    const other = await s.sellerToken('rita');
    const current = await s.login('rita', 'clave-vendedor');
    const res = await s.call({ method: 'POST', url: '/api/auth/change-password', token: current, payload: { currentPassword: 'clave-vendedor', newPassword: 'otra-clave' } });
    expect(res.status).toBe(200);
    expect((await me(other)).status).toBe(401);
    expect((await me(current)).status).toBe(401);
    expect((await me(res.body.data.token)).status).toBe(200);
  });

  it("by an admin's password reset", async () => {
    const token = await s.sellerToken('sara');
    const reset = await s.call({ method: 'PUT', url: `/api/users/${await idOf('sara')}`, token: admin, payload: { password: 'nueva-clave' } });
    expect(reset.status).toBe(200);
    expect((await me(token)).body).toEqual({ success: false, message: MSG.sessionRequired });
    expect((await me(await s.login('sara', 'nueva-clave'))).status).toBe(200);
  });
});

describe('change-password is rate limited', () => {
  it(`answers 429 in Spanish after ${LOGIN_LIMITS.passwordChangePerUser} wrong current passwords, even with the right one`, async () => {
    const token = await s.sellerToken('teo');
    const change = (currentPassword: string) => s.call({ method: 'POST', url: '/api/auth/change-password', token, payload: { currentPassword, newPassword: 'nueva-clave' } });
    for (let i = 0; i < LOGIN_LIMITS.passwordChangePerUser; i++) expect((await change(`mal-${i}`)).status).toBe(400);
    expect(await change('clave-vendedor')).toMatchObject({ status: 429, body: { success: false, message: MSG.tooManyPasswordAttempts } });
  });
});

describe('the login limiter', () => {
  it('ten typos behind one NAT lock only that account, at a known device too (issue #31 item 1); other cashiers sign in', async () => {
    const ugoToken = await s.sellerToken('ugo');
    await s.sellerToken('vera');
    const device = await s.registerDevice(ugoToken);
    const nat = '192.0.2.10';
    for (let i = 0; i < 10; i++) expect((await login('ugo', `typo-${i}`, nat)).status).toBeOneOf([401, 429]);
    expect(await login('ugo', 'clave-vendedor', nat)).toMatchObject({ status: 429, body: { message: MSG.tooManyLoginAttempts } });
    expect((await login('vera', 'clave-vendedor', nat)).status).toBe(200);
    // A wrong device key is no device at all.
    expect((await login('ugo', 'clave-vendedor', nat, { ...device.headers, 'x-device-key': 'x'.repeat(43) })).status).toBe(429);
    // The account's limit holds whatever the device: a device key is no licence to guess.
    expect((await login('ugo', 'clave-vendedor', nat, device.headers)).status).toBe(429);
  });

  it('slows a guesser spread over many addresses on one account', async () => {
    await s.sellerToken('walter');
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) expect((await login('walter', 'adivino', `198.51.100.${i + 1}`)).status).toBe(401);
    expect((await login('walter', 'clave-vendedor', '198.51.100.200')).status).toBe(429);
  });

  it('a new password is not refused for the old one\'s failures (an owner locked out, then a reset: issue #38)', async () => {
    await s.sellerToken('xime');
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) expect((await login('xime', `olvido-${i}`, `198.51.101.${i + 1}`)).status).toBe(401);
    expect((await login('xime', 'clave-vendedor', '198.51.101.100')).status).toBe(429);
    const reset = await s.call({ method: 'PUT', url: `/api/users/${await idOf('xime')}`, token: admin, payload: { password: 'clave-nueva' } });
    expect(reset.status).toBe(200);
    expect((await login('xime', 'clave-nueva', '198.51.101.100')).status).toBe(200);
    // The new password's own count starts from zero and still limits a guesser.
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) expect((await login('xime', `adivino-${i}`, `198.51.102.${i + 1}`)).status).toBe(401);
    expect((await login('xime', 'clave-nueva', '198.51.102.100')).status).toBe(429);
  });

  it('limits one address trying many accounts', async () => {
    const ip = '203.0.113.99';
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) await login(`nadie${i}`, 'x', ip);
    expect((await login('admin', 'lo-que-sea', ip)).status).toBe(429);
  });
});

describe('a disabled account', () => {
  it('answers its right password exactly like a wrong one', async () => {
    await s.sellerToken('yago');
    await s.call({ method: 'PUT', url: `/api/users/${await idOf('yago')}`, token: admin, payload: { active: false } });
    const right = await login('yago', 'clave-vendedor', '10.9.9.1');
    const wrong = await login('yago', 'no-es', '10.9.9.2');
    expect(right).toEqual(wrong);
    expect(right).toEqual({ status: 401, body: { success: false, message: MSG.invalidCredentials } });
  });
});
