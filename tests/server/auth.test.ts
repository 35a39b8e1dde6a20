import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildApp } from '../helpers/server';

const { s } = await buildApp();

describe('auth', () => {
  it('logs in the first admin and returns token and user', async () => {
    const res = await s.call({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: ADMIN_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.user).toMatchObject({ username: 'admin', role: 'admin', fullName: 'Administrador' });
    expect(res.body.data.user.passwordHash).toBeUndefined();
    const me = await s.call({ method: 'GET', url: '/api/auth/me', token: res.body.data.token });
    expect(me.body.data.username).toBe('admin');
  });

  it('refuses a wrong password with a Spanish message', async () => {
    const res = await s.call({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: 'nope' } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: 'Usuario o contraseña incorrectos' });
  });

  it('names the missing field in Spanish', async () => {
    const res = await s.call({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Contraseña');
  });

  it('rejects a malformed JSON body with 400, not 500', async () => {
    const res = await s.call({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{mal' });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });

  it('rejects a forged token', async () => {
    const res = await s.call({ method: 'GET', url: '/api/auth/me', token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjF9.x' });
    expect(res.status).toBe(401);
  });

  it('changes the password only with the right current one', async () => {
    const token = await s.sellerToken('cambia');
    const wrong = await s.call({ method: 'POST', url: '/api/auth/change-password', token, payload: { currentPassword: 'x', newPassword: 'nueva-clave' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('La contraseña actual es incorrecta');
    const short = await s.call({ method: 'POST', url: '/api/auth/change-password', token, payload: { currentPassword: 'clave-vendedor', newPassword: '1' } });
    expect(short.status).toBe(400);
    const good = await s.call({ method: 'POST', url: '/api/auth/change-password', token, payload: { currentPassword: 'clave-vendedor', newPassword: 'nueva-clave' } });
    expect(good.status).toBe(200);
    await expect(s.login('cambia', 'nueva-clave')).resolves.toBeTruthy();
    await expect(s.login('cambia', 'clave-vendedor')).rejects.toThrow();
  });

  it('a deactivated user loses access at once', async () => {
    const admin = await s.login();
    const token = await s.sellerToken('temporal');
    const list = await s.call({ method: 'GET', url: '/api/users', token: admin });
    const id = list.body.data.find((u: { username: string }) => u.username === 'temporal').id;
    await s.call({ method: 'PUT', url: `/api/users/${id}`, token: admin, payload: { active: false } });
    expect((await s.call({ method: 'GET', url: '/api/auth/me', token })).status).toBe(401);
    const login = await s.call({ method: 'POST', url: '/api/auth/login', payload: { username: 'temporal', password: 'clave-vendedor' } });
    expect(login.status).toBe(401);
  });
});
