/**
 * The last-admin rule under concurrency (issue #30 item 7): two admins who demote or disable each other
 * at the same moment never leave the shop without an active admin, on SQLite and on PostgreSQL (the
 * server-pg project runs this same file). Exactly one of the two edits wins; the other is refused
 * because its author is no longer an admin.
 */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../helpers/server';
import { users } from '../../server/db/schema';

const { s, admin } = await buildApp();

const ROUNDS = 15;
const put = (token: string, id: number, payload: object) => s.call({ method: 'PUT', url: `/api/users/${id}`, token, payload });
const activeAdmins = async () => (await s.app.store.read((q) => q.select().from(users))).filter((u) => u.role === 'admin' && u.active).length;

describe('two admins removing each other at once', () => {
  it('always leaves an active admin, and exactly one of the two edits wins', async () => {
    const created = await s.call({ method: 'POST', url: '/api/users', token: admin, payload: { username: 'socia', fullName: 'Socia', password: 'clave-socia', role: 'admin' } });
    expect(created.status, created.body.message).toBe(201);
    const first = { id: 1, token: admin };
    const second = { id: created.body.data.id as number, token: await s.login('socia', 'clave-socia') };
    expect(await activeAdmins()).toBe(2);

    for (let round = 0; round < ROUNDS; round++) {
      // One demotes the other while the other disables the first (or demotes it, every other round).
      const [a, b] = await Promise.all([
        put(first.token, second.id, { role: 'vendedor' }),
        put(second.token, first.id, round % 2 === 0 ? { active: false } : { role: 'vendedor' }),
      ]);
      expect(await activeAdmins(), `round ${round}: ${a.status} ${b.status}`).toBeGreaterThanOrEqual(1);
      // The loser is refused by the rule in its unit (403), or at the door if the winner committed first
      // (its session is no longer an admin's: 403, or a disabled account's: 401).
      const statuses = [a.status, b.status];
      expect(statuses.filter((status) => status === 200), `round ${round}: ${a.body.message} / ${b.body.message}`).toHaveLength(1);
      expect([401, 403]).toContain(a.status === 200 ? b.status : a.status);
      // The winner puts the other back as an active admin for the next round.
      const winner = a.status === 200 ? first : second;
      const loser = winner === first ? second : first;
      const restored = await put(winner.token, loser.id, { role: 'admin', active: true });
      expect(restored.status, restored.body.message).toBe(200);
      expect(await activeAdmins()).toBe(2);
    }
  });
});
