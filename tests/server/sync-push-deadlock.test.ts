/**
 * A pushed sale that PostgreSQL picks as the victim of a deadlock is written once its unit runs again,
 * never rejected nor quarantined: a deadlock is the server's fault, not the sale's (the error drizzle
 * wraps carries the SQLSTATE on its cause). The deadlock is real: another connection holds the second
 * product the sale locks and then asks for the first; PostgreSQL detects the cycle on the server's side,
 * whose deadlock_timeout (1 s) is the shorter.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { SYNC_SCHEMA_VERSION } from '../../domain/constants';
import { createProduct, pushedSale, stockOf } from '../helpers/fixtures';
import { buildApp, testDialect } from '../helpers/server';
import { sqlAll } from '../helpers/sql';

describe.skipIf(testDialect !== 'postgres')('a push caught in a PostgreSQL deadlock', () => {
  it('runs again and records the sale once, with its stock moved once', async () => {
    const { s, admin } = await buildApp();
    const device = await s.registerDevice(admin);
    const first = await createProduct(s.app.store, { name: 'Primero', price: 100, stock: 10 });
    const second = await createProduct(s.app.store, { name: 'Segundo', price: 100, stock: 10 });
    expect(first).toBeLessThan(second); // the ledger locks a sale's products in id order

    const sale = pushedSale(1, [
      { productId: first, quantity: 2, unitPrice: 100 },
      { productId: second, quantity: 3, unitPrice: 100 },
    ]);
    const other = new pg.Client({ connectionString: s.config.databaseUrl! });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query("SET LOCAL deadlock_timeout = '60s'");
      await other.query('SELECT id FROM products WHERE id = $1 FOR UPDATE', [second]);

      const push = s.call({ method: 'POST', url: '/api/sync/push', headers: device.headers, payload: { deviceId: device.id, schemaVersion: SYNC_SCHEMA_VERSION, sales: [sale] } });

      // The push holds the first product and waits for the second.
      for (let waited = 0; ; waited += 20) {
        const waiting = await other.query("SELECT 1 FROM pg_stat_activity WHERE application_name = 'mostrador' AND wait_event_type = 'Lock'");
        if (waiting.rowCount) break;
        if (waited > 20_000) throw new Error('the push never waited for the locked product');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // Now this connection asks for the first: a cycle, which the server's side is the first to detect.
      await other.query('SELECT id FROM products WHERE id = $1 FOR UPDATE', [first]);
      await other.query('COMMIT');

      const res = await push;
      expect(res.status, res.body.message).toBe(200);
      expect(res.body.data.results[0]).toMatchObject({ clientSaleId: sale.clientSaleId, status: 'applied' });
    } finally {
      await other.end();
    }
    expect(await sqlAll(s.app, 'SELECT id FROM sales WHERE client_sale_id = ?', sale.clientSaleId)).toHaveLength(1);
    expect(await sqlAll(s.app, 'SELECT id FROM sync_quarantine')).toEqual([]);
    expect(await stockOf(s.app, first)).toEqual({ stock: 8, ledger: 8 });
    expect(await stockOf(s.app, second)).toEqual({ stock: 7, ledger: 7 });
  });
});
