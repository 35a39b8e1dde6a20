/**
 * What only the PostgreSQL store does (server/db/pg-store.ts): units run concurrently, so two of them can
 * deadlock; PostgreSQL aborts one, the store rolls it back and runs it again, and both commit. An error
 * that is not a deadlock or a serialization failure is not retried.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { pgStore, sqlState } from '../../server/db/pg-store';
import { users } from '../../server/db/schema';
import type { Q } from '../../server/db/store';
import { testDatabase } from '../helpers/postgres';

const store = await pgStore(await testDatabase());
afterAll(() => store.close());

const ids = (
  await store.write((tx) =>
    tx
      .insert(users)
      .values(['x', 'y'].map((n) => ({ username: n, passwordHash: 'h', fullName: n })))
      .returning({ id: users.id }),
  )
).map((r) => r.id);
const [x, y] = ids;
const bump = (tx: Q, id: number) => tx.update(users).set({ tokenVersion: sql`${users.tokenVersion} + 1` }).where(eq(users.id, id));

describe('PostgreSQL store', () => {
  it('two units locking the same rows in opposite orders: the deadlock victim runs again and both commit', async () => {
    let runs = 0;
    let arrived = 0;
    let bothLocked!: () => void;
    const barrier = new Promise<void>((resolve) => (bothLocked = resolve));
    const crossing = (first: number, second: number) =>
      store.write(async (tx) => {
        runs += 1;
        await bump(tx, first);
        if ((arrived += 1) === 2) bothLocked();
        await barrier;
        await bump(tx, second);
        return first;
      });
    expect(await Promise.all([crossing(x, y), crossing(y, x)])).toEqual([x, y]);
    expect(runs).toBe(3);
    const versions = await store.read((q) => q.select({ v: users.tokenVersion }).from(users).where(inArray(users.id, ids)));
    expect(versions.map((r) => r.v)).toEqual([2, 2]);
  });

  it('a constraint violation is not retried: the unit runs once and its error (SQLSTATE 23505) reaches the caller', async () => {
    let runs = 0;
    const error = await store
      .write(async (tx) => {
        runs += 1;
        await tx.insert(users).values({ username: 'x', passwordHash: 'h', fullName: 'again' });
      })
      .catch((e: unknown) => e);
    expect(sqlState(error)).toBe('23505');
    expect(runs).toBe(1);
  });
});
