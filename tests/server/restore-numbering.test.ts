/**
 * Issue #30.3: restoring an older backup never re-issues a sale number already handed out. A shop pushes
 * sales, a backup is taken part-way, more sales are pushed (their numbers reach the tablets and paper),
 * the server stops, the backup is restored with the real restore code and the tablet pushes everything
 * again: no number may end up on two different sales. Run with the replaced database readable (the usual
 * "undo" restore) and with it lost (only DATA_DIR/numeracion-tope.json, outside the file, survives); a
 * restore that can know neither refuses until the operator says the next number.
 * SQLite only: on PostgreSQL the books are restored by the provider, not by `npm run restore`
 * (tests/helpers/dialect-lists.ts).
 */
import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { SYNC_SCHEMA_VERSION } from '../../domain/constants';
import { restoreBackup } from '../../server/modules/backups/restore';
import { readNumberCeiling } from '../../server/modules/sales/number-ceiling';
import { createProducts, pushedSale, type PushedSaleInput } from '../helpers/fixtures';
import { createTestServer, type TestDevice, type TestServer } from '../helpers/server';

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function serverOn(dataDir: string): Promise<TestServer> {
  const s = await createTestServer({ dataDir }, { BACKUP_INTERVAL: 'off' });
  onTestFinished(() => s.close());
  return s;
}

const restoreTarget = (dataDir: string) => ({ dataDir, dbFile: path.join(dataDir, 'mostrador.sqlite'), uploadsDir: path.join(dataDir, 'uploads') });

interface Result {
  clientSaleId: string;
  status: string;
  saleNumber?: string;
}

async function push(s: TestServer, device: TestDevice, sales: PushedSaleInput[]): Promise<Result[]> {
  const res = await s.call({ method: 'POST', url: '/api/sync/push', headers: device.headers, payload: { deviceId: device.id, schemaVersion: SYNC_SCHEMA_VERSION, sales } });
  expect(res.status).toBe(200);
  return res.body.data.results as Result[];
}

/** The counter part of a number in the default format (V20261126-0042 → 42). */
const counterOf = (saleNumber: string) => Number(saleNumber.split('-').at(-1));

/** Pushes `batches`, taking a backup after `backupAfter` of them; what the tablet was told, and the backup. */
async function shopWithBackup(dataDir: string, batches: number, backupAfter: number) {
  const s = await serverOn(dataDir);
  const token = await s.login();
  const ids = await createProducts(s.app.store, 5, { price: 100, stock: 100_000 });
  const device = await s.registerDevice(token);
  const sales = Array.from({ length: batches }, (_, b) =>
    Array.from({ length: 200 }, (_, i) => pushedSale(b * 200 + i + 1, [{ productId: ids[i % 5], quantity: 1, unitPrice: 100 }])),
  );
  const handedOut = new Map<string, string>();
  let backupFile = '';
  for (const [index, batch] of sales.entries()) {
    if (index === backupAfter) backupFile = (await s.app.backups.runNow('manual')).file;
    for (const result of await push(s, device, batch)) {
      expect(result.status).toBe('applied');
      handedOut.set(result.clientSaleId, result.saleNumber!);
    }
  }
  // Kept apart, as an owner would (a restore moves the current data aside, not the backups folder).
  const keep = tempDir('mostrador-copia-');
  const file = path.join(keep, path.basename(backupFile));
  copyFileSync(backupFile, file);
  await s.close();
  return { device, sales, handedOut, file };
}

/** Re-pushes everything after the restore; every number ends up on one sale only, and each sale is stored once. */
async function rePushAndCheck(dataDir: string, device: TestDevice, sales: PushedSaleInput[][], handedOut: Map<string, string>) {
  const s = await serverOn(dataDir);
  const owner = new Map([...handedOut].map(([clientSaleId, saleNumber]) => [saleNumber, clientSaleId]));
  const statuses = { applied: 0, duplicate: 0 };
  const collisions: string[] = [];
  // The tablets come back in another order than they first pushed (newest first here): a counter that
  // resumed from the backup would hand the already printed numbers to other sales.
  for (const batch of [...sales].reverse().map((b) => [...b].reverse())) {
    for (const result of await push(s, device, batch)) {
      expect(['applied', 'duplicate']).toContain(result.status);
      statuses[result.status as 'applied' | 'duplicate']++;
      const first = owner.get(result.saleNumber!);
      if (first !== undefined && first !== result.clientSaleId) collisions.push(result.saleNumber!);
      owner.set(result.saleNumber!, result.clientSaleId);
    }
  }
  const db = new Database(path.join(dataDir, 'mostrador.sqlite'), { readonly: true });
  onTestFinished(() => void db.close());
  const stored = db.prepare('select client_sale_id as id, sale_number as number from sales').all() as { id: string; number: string }[];
  for (const row of stored) {
    const first = owner.get(row.number);
    if (first !== undefined && first !== row.id) collisions.push(row.number);
  }
  return { statuses, collisions, stored };
}

describe('restaurar una copia no vuelve a dar números de venta ya entregados', () => {
  it('con la base reemplazada legible: los números entregados después de la copia quedan salteados', async () => {
    const dataDir = tempDir('mostrador-numeracion-');
    const { device, sales, handedOut, file } = await shopWithBackup(dataDir, 10, 4);
    const maxHanded = Math.max(...[...handedOut.values()].map(counterOf));
    expect(maxHanded).toBe(2000);
    // The ceiling outside the file was always above what was handed out.
    expect(readNumberCeiling(dataDir)).toBeGreaterThan(maxHanded);

    const result = await restoreBackup(file, restoreTarget(dataDir));
    expect(result.nextSaleNumber).toBeGreaterThan(maxHanded);
    expect(result.skippedNumbers).toEqual({ from: 801, to: result.nextSaleNumber });
    expect(readdirSync(dataDir)).toContain('restauraciones.log');

    const { statuses, collisions, stored } = await rePushAndCheck(dataDir, device, sales, handedOut);
    // The backup held the first 800; the other 1,200 came back with the re-push.
    expect(statuses).toEqual({ duplicate: 800, applied: 1200 });
    expect(collisions).toEqual([]);
    expect(stored).toHaveLength(2000);
  });

  it('con la base perdida: el tope guardado fuera del archivo alcanza', async () => {
    const dataDir = tempDir('mostrador-numeracion-perdida-');
    const { device, sales, handedOut, file } = await shopWithBackup(dataDir, 6, 2);
    const maxHanded = Math.max(...[...handedOut.values()].map(counterOf));
    // The disk kept DATA_DIR but the database is unreadable (overwritten, its WAL gone).
    writeFileSync(path.join(dataDir, 'mostrador.sqlite'), 'basura');
    rmSync(path.join(dataDir, 'mostrador.sqlite-wal'), { force: true });
    rmSync(path.join(dataDir, 'mostrador.sqlite-shm'), { force: true });

    const result = await restoreBackup(file, restoreTarget(dataDir));
    expect(result.nextSaleNumber).toBeGreaterThan(maxHanded);
    const { statuses, collisions } = await rePushAndCheck(dataDir, device, sales, handedOut);
    expect(statuses).toEqual({ duplicate: 400, applied: 800 });
    expect(collisions).toEqual([]);
  });

  it('sin la base ni el tope, se niega hasta que el operador dice el próximo número', async () => {
    const source = tempDir('mostrador-numeracion-origen-');
    const { file } = await shopWithBackup(source, 2, 1);
    const elsewhere = tempDir('mostrador-numeracion-otra-');
    await expect(restoreBackup(file, restoreTarget(elsewhere))).rejects.toThrow(/--proximo-numero/);
    expect(readdirSync(elsewhere).filter((name) => !name.startsWith('.'))).toEqual([]);

    const result = await restoreBackup(file, restoreTarget(elsewhere), { nextSaleNumber: 5000 });
    expect(result).toMatchObject({ nextSaleNumber: 5000, skippedNumbers: { from: 201, to: 5000 } });
    const s = await serverOn(elsewhere);
    const token = await s.login();
    const [productId] = await createProducts(s.app.store, 1, { stock: 5 });
    const sale = await s.call({ method: 'POST', url: '/api/sales', token, payload: { items: [{ productId, quantity: 1 }], paymentMethod: 'efectivo' } });
    expect(sale.status).toBe(201);
    expect(counterOf(sale.body.data.saleNumber)).toBe(5000);
  });
});
