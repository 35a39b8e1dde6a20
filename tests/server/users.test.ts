/**
 * User management through the persistence port: the password is hashed before the write unit, and the
 * name check that counts runs inside it, so two admins creating the same user at once get one account
 * and a Spanish 409, never a 500; an unknown user is a 404; an admin cannot lock themself out.
 */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../helpers/server';

const { s } = await buildApp();
const admin = await s.login();
const newUser = (username: string) => ({ username, fullName: `Usuario ${username}`, password: 'clave-segura', role: 'vendedor' });

describe('users', () => {
  it('the same user created twice at once: one account, the other request a 409 in Spanish', async () => {
    const replies = await Promise.all([1, 2, 3].map(() => s.call({ method: 'POST', url: '/api/users', token: admin, payload: newUser('doble') })));
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    for (const refused of replies.filter((r) => r.status === 409)) {
      expect(refused.body).toEqual({ success: false, message: 'Ya existe un usuario con ese nombre de usuario' });
    }
    const list = await s.call({ method: 'GET', url: '/api/users', token: admin });
    expect(list.body.data.filter((u: { username: string }) => u.username === 'doble')).toHaveLength(1);
    await expect(s.login('doble', 'clave-segura')).resolves.toBeTruthy();
  });

  it('two resets of one password at once both revoke the old session, and the user signs in with one of them', async () => {
    const created = await s.call({ method: 'POST', url: '/api/users', token: admin, payload: newUser('reseteado') });
    const old = await s.login('reseteado', 'clave-segura');
    const resets = await Promise.all(
      ['primera-clave', 'segunda-clave'].map((password) => s.call({ method: 'PUT', url: `/api/users/${created.body.data.id}`, token: admin, payload: { password } })),
    );
    expect(resets.map((r) => r.status)).toEqual([200, 200]);
    expect((await s.call({ method: 'GET', url: '/api/auth/me', token: old })).status).toBe(401);
    const signIns = await Promise.allSettled(['primera-clave', 'segunda-clave'].map((password) => s.login('reseteado', password)));
    expect(signIns.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('an unknown user is a 404; the admin cannot deactivate themself', async () => {
    const missing = await s.call({ method: 'PUT', url: '/api/users/99999', token: admin, payload: { password: 'otra-clave' } });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, message: 'Usuario no encontrado' });
    const me = await s.call({ method: 'GET', url: '/api/auth/me', token: admin });
    const self = await s.call({ method: 'PUT', url: `/api/users/${me.body.data.id}`, token: admin, payload: { active: false } });
    expect(self.status).toBe(409);
    expect((await s.call({ method: 'GET', url: '/api/auth/me', token: admin })).status).toBe(200);
  });
});
