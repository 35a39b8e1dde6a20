/**
 * The persistence port's promises (server/db/store.ts), on both dialects: the SQLite store of a real
 * server on a database file, and the PostgreSQL store (server/db/pg-store.ts) on a real cluster
 * (tests/helpers/postgres.ts). A unit commits all or nothing, reads never see a unit's uncommitted rows
 * even while it waits between queries, a snapshot read sees one commit across its queries, concurrent units each commit whole and never nest, a savepoint
 * undoes only its own writes, and an atomic counter update hands out distinct values under concurrency.
 * The queries use the SQLite schema's tables on both, as repositories do.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { pgStore } from '../../server/db/pg-store';
import { brands, syncState } from '../../server/db/schema';
import { affected, bySql, exec, first, legacySqlite, rows, savepoint, type Store } from '../../server/db/store';
import { testDatabase } from '../helpers/postgres';
import { buildApp } from '../helpers/server';

const sqlite = async (): Promise<Store> => (await buildApp()).s.app.store;
const postgres = async (): Promise<Store> => {
  const store = await pgStore(await testDatabase());
  afterAll(() => store.close());
  return store;
};

describe.each([
  ['SQLite', sqlite],
  ['PostgreSQL', postgres],
] as const)('store (%s)', async (dialect, open) => {
  const store = await open();
  const named = (name: string) => store.read((q) => first(q.select().from(brands).where(eq(brands.name, name))));

  it('is the dialect it says, and bySql picks its SQL (legacySqlite refuses PostgreSQL)', async () => {
    expect(store.dialect).toBe(dialect === 'SQLite' ? 'sqlite' : 'postgres');
    const picked = await store.read((q) => rows<{ d: string }>(q, bySql(q, { sqlite: sql`SELECT 'sqlite' AS d`, postgres: sql`SELECT 'postgres' AS d` })));
    expect(picked).toEqual([{ d: store.dialect }]);
    const legacy = store.read(async (q) => legacySqlite(q));
    if (store.dialect === 'postgres') await expect(legacy).rejects.toThrow('PostgreSQL');
    else await expect(legacy).resolves.toBeDefined();
  });

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
    expect(await named('Kept')).toMatchObject({ name: 'Kept', isActive: true });
    expect(await named('Undone')).toBeUndefined();
  });

  it('a unit that fails on a constraint is undone whole, and the store goes on', async () => {
    const [{ id }] = await store.write((tx) => tx.insert(brands).values({ name: 'Before the clash' }).returning({ id: brands.id }));
    await expect(
      store.write(async (tx) => {
        await tx.insert(brands).values({ name: 'Lost with the clash' });
        await tx.insert(brands).values({ id, name: 'Same id' });
      }),
    ).rejects.toThrow();
    expect(await named('Lost with the clash')).toBeUndefined();
    await store.write((tx) => tx.insert(brands).values({ name: 'After the clash' }));
    expect(await named('After the clash')).toBeDefined();
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

  it('a snapshot read sees one commit across its queries, even when a unit commits between two of them', async () => {
    // The unit writes a brand and a counter in one commit; the snapshot reads the brand, lets the unit
    // commit (it waits on timers, so any commit that can happen does), then reads the counter.
    const before = await store.read((q) => first(q.select().from(syncState).where(eq(syncState.id, 1))));
    let release!: () => void;
    const go = new Promise<void>((resolve) => (release = resolve));
    const unit = store.write(async (tx) => {
      await go;
      await tx.insert(brands).values({ name: 'Snapshot pair' });
      await tx.update(syncState).set({ revision: sql`${syncState.revision} + 1000` }).where(eq(syncState.id, 1));
    });
    const seen = await store.snapshot(async (q) => {
      const brand = await first(q.select().from(brands).where(eq(brands.name, 'Snapshot pair')));
      release();
      await unit;
      const state = await first(q.select().from(syncState).where(eq(syncState.id, 1)));
      return { brand, revision: state?.revision };
    });
    expect(seen).toEqual({ brand: undefined, revision: before?.revision });
    expect(await named('Snapshot pair')).toBeDefined();
  });

  it('concurrent units each commit whole or not at all; none nests in another', async () => {
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
    for (let i = 0; i < 20; i += 1) {
      expect(names.includes(`Queued ${i}`)).toBe(i % 5 !== 4);
      expect(names.includes(`Queued ${i} bis`)).toBe(i % 5 !== 4);
    }
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
      await savepoint(tx, () => tx.insert(brands).values({ name: 'Inner kept' }));
    });
    expect(await named('Outer')).toBeDefined();
    expect(await named('Inner')).toBeUndefined();
    expect(await named('Inner kept')).toBeDefined();
  });

  it('20 concurrent units incrementing one counter with UPDATE … RETURNING get 20 distinct, consecutive values', async () => {
    const start = (await store.read((q) => first(q.select().from(syncState).where(eq(syncState.id, 1)))))!.revision;
    const values = await Promise.all(
      Array.from({ length: 20 }, () =>
        store.write(async (tx) => {
          const [row] = await tx
            .update(syncState)
            .set({ revision: sql`${syncState.revision} + 1` })
            .where(eq(syncState.id, 1))
            .returning({ n: syncState.revision });
          return row.n;
        }),
      ),
    );
    expect(new Set(values).size).toBe(20);
    expect([...values].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => start + i + 1));
  });

  it('rows, exec and affected work on raw SQL, counts come back as numbers', async () => {
    await store.write((tx) => tx.insert(brands).values(['Crudo 1', 'Crudo 2', 'Crudo 3'].map((name) => ({ name }))));
    const changed = await store.write((tx) => exec(tx, sql`UPDATE brands SET description = 'raw' WHERE name LIKE 'Crudo %'`));
    expect(changed).toBe(3);
    const [{ n }] = await store.read((q) => rows<{ n: number }>(q, sql`SELECT count(*) AS n FROM brands WHERE description = 'raw'`));
    expect(n).toBe(3);
    expect(affected(await store.write((tx) => tx.update(brands).set({ description: null }).where(eq(brands.description, 'raw'))))).toBe(3);
  });
});
