/**
 * Issue #31.10: a full disk is said in Spanish, with its own status (507 Insufficient Storage), never as a
 * generic «Error interno», and nothing is half-written. SQLite: the writer's max_page_count set to the
 * file's current size makes the next growth fail with SQLITE_FULL, which is what SQLite answers on a full
 * disk; a push of 200 sales is refused, every sale stored is whole (its line, its stock movement; stock =
 * its ledger) and the re-push once there is room stores each sale once. The operating system's own
 * ENOSPC (a write to /dev/full) and PostgreSQL's disk_full (SQLSTATE 53100, raised by the server through
 * the real driver) get the same answer.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION } from '../../domain/constants';
import { MSG } from '../../domain/messages';
import { buildApp as buildServer } from '../../server/app';
import { rows } from '../../server/db/store';
import { closeWithScope, buildApp, testConfig, testDialect } from '../helpers/server';
import { countSales, createProducts, pushedSale, stockOf } from '../helpers/fixtures';
import { freshDatabase } from '../helpers/postgres';

describe.skipIf(testDialect !== 'sqlite')('la base SQLite sin lugar (SQLITE_FULL)', () => {
  it('un envío de 200 ventas responde 507 en castellano, no deja nada a medias y se completa al haber lugar', async () => {
    const { s, admin } = await buildApp({ env: { BACKUP_INTERVAL: 'off' } });
    const [productId] = await createProducts(s.app.store, 1, { price: 100, stock: 1000 });
    const device = await s.registerDevice(admin);
    const sales = Array.from({ length: 200 }, (_, i) => pushedSale(i + 1, [{ productId, quantity: 1, unitPrice: 100 }], { notes: `venta ${i + 1} `.repeat(40) }));
    const push = () => s.call({ method: 'POST', url: '/api/sync/push', headers: device.headers, payload: { deviceId: device.id, schemaVersion: SYNC_SCHEMA_VERSION, sales } });

    const pages = s.app.sqlite.pragma('page_count', { simple: true }) as number;
    s.app.sqlite.pragma(`max_page_count = ${pages}`);
    const full = await push();
    expect(full.status).toBe(507);
    expect(full.body).toEqual({ success: false, message: MSG.diskFull });
    expect(full.body.message).toMatch(/^El disco del servidor está lleno/);

    // Whatever was stored is whole: one line and one stock movement per sale, stock = its ledger.
    const whole = s.app.sqlite
      .prepare(
        `select (select count(*) from sales) as sales, (select count(*) from sale_items) as items,
                (select count(*) from stock_movements where sale_id is not null) as moves`,
      )
      .get() as { sales: number; items: number; moves: number };
    expect(whole.items).toBe(whole.sales);
    expect(whole.moves).toBe(whole.sales);
    expect(whole.sales).toBeLessThan(200);
    expect(await stockOf(s.app, productId)).toEqual({ stock: 1000 - whole.sales, ledger: 1000 - whole.sales });

    s.app.sqlite.pragma('max_page_count = 1073741823');
    const again = await push();
    expect(again.status).toBe(200);
    const statuses = (again.body.data.results as { status: string }[]).map((r) => r.status);
    expect(statuses.filter((status) => status === 'duplicate')).toHaveLength(whole.sales);
    expect(statuses.filter((status) => status === 'applied')).toHaveLength(200 - whole.sales);
    expect(await countSales(s.app)).toBe(200);
    expect(await stockOf(s.app, productId)).toEqual({ stock: 800, ledger: 800 });
  });
});

/** A server with one extra route that runs `fail`, behind the real error handler. */
async function serverFailingWith(fail: (store: Awaited<ReturnType<typeof buildServer>>['store']) => Promise<unknown>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mostrador-disco-'));
  const database = testDialect === 'postgres' ? await freshDatabase() : null;
  const app = await buildServer(testConfig(dataDir, { BACKUP_INTERVAL: 'off' }, database ? { databaseUrl: database.url } : {}));
  app.post('/api/prueba-disco', async () => fail(app.store));
  await app.ready();
  closeWithScope(async () => {
    await app.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return app;
}

describe('el disco lleno se dice, sea cual sea quien lo nota', () => {
  it('ENOSPC del sistema operativo (una escritura en /dev/full): 507 en castellano', async () => {
    const app = await serverFailingWith(async () => writeFileSync('/dev/full', 'x'.repeat(65_536)));
    const res = await app.inject({ method: 'POST', url: '/api/prueba-disco' });
    expect(res.statusCode).toBe(507);
    expect(res.json()).toEqual({ success: false, message: MSG.diskFull });
  });

  it.skipIf(testDialect !== 'postgres')('PostgreSQL disk_full (53100) dentro de una transacción: 507 en castellano', async () => {
    const app = await serverFailingWith((store) =>
      store.write((tx) => rows(tx, sql`DO $$ BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full'; END $$`)),
    );
    const res = await app.inject({ method: 'POST', url: '/api/prueba-disco' });
    expect(res.statusCode).toBe(507);
    expect(res.json()).toEqual({ success: false, message: MSG.diskFull });
  });
});
