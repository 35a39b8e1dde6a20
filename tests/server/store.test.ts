/**
 * The persistence port's promises (server/db/store.ts), on a real database file: a unit commits all or
 * nothing, reads never see a unit's uncommitted rows even while it waits between queries, concurrent
 * units queue instead of nesting, and a savepoint undoes only its own writes.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { brands } from '../../server/db/schema';
import { first, savepoint } from '../../server/db/store';
import { buildApp } from '../helpers/server';

const { s } = await buildApp();
const store = s.app.store;
const named = (name: string) => store.read((q) => first(q.select().from(brands).where(eq(brands.name, name))));

describe('store (SQLite)', () => {
  it('commits a unit when it resolves and undoes all of it when it throws', async () => {
    await store.write(async (tx) => {
      await tx.insert(brands).values({ name: 'Kept' });
    });
    await expect(
      store.write(async (tx) => {
        await tx.insert(brands).values({ name: 'Undone' });
        throw new Error('after the insert');
      }),
    ).rejects.toThrow('after the insert');
    expect(await named('Kept')).toMatchObject({ name: 'Kept' });
    expect(await named('Undone')).toBeUndefined();
  });

  it('a read during a unit sees only the last commit, also while the unit waits between its queries', async () => {
    let resume!: () => void;
    const paused = new Promise<void>((resolve) => (resume = resolve));
    let inserted!: () => void;
    const afterInsert = new Promise<void>((resolve) => (inserted = resolve));
    const unit = store.write(async (tx) => {
      await tx.insert(brands).values({ name: 'Pending' });
      inserted();
      await paused;
    });
    await afterInsert;
    expect(await named('Pending')).toBeUndefined();
    resume();
    await unit;
    expect(await named('Pending')).toMatchObject({ name: 'Pending' });
  });

  it('concurrent units queue: each commits whole, none nests in another', async () => {
    const units = Array.from({ length: 20 }, (_, i) =>
      store.write(async (tx) => {
        await tx.insert(brands).values({ name: `Queued ${i}` });
        await new Promise((resolve) => setTimeout(resolve, i % 3));
        if (i % 5 === 4) throw new Error(`unit ${i}`);
        await tx.insert(brands).values({ name: `Queued ${i} bis` });
      }),
    );
    const results = await Promise.allSettled(units);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(4);
    const names = (await store.read((q) => q.select({ name: brands.name }).from(brands))).map((r) => r.name).filter((n) => n.startsWith('Queued'));
    expect(names).toHaveLength(32);
    for (let i = 0; i < 20; i += 1) expect(names.includes(`Queued ${i}`)).toBe(i % 5 !== 4);
  });

  it('a savepoint that throws undoes only its own writes; the unit goes on and commits', async () => {
    await store.write(async (tx) => {
      await tx.insert(brands).values({ name: 'Outer' });
      await expect(
        savepoint(tx, async () => {
          await tx.insert(brands).values({ name: 'Inner' });
          throw new Error('inner');
        }),
      ).rejects.toThrow('inner');
    });
    expect(await named('Outer')).toBeDefined();
    expect(await named('Inner')).toBeUndefined();
  });
});
