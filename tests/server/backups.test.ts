/**
 * Backups for real: taken by the live server while 5,000 sales are being pushed, restored into a fresh
 * data folder; the restore refuses corrupt archives and archives from a newer schema; rotation keeps
 * exactly the configured set; an admin can download the newest one, a seller cannot. A backup carries
 * no secret (Mercado Pago credentials, ARCA tickets): searched cell by cell and byte by byte.
 */
import Database from 'better-sqlite3';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { describe, expect, it, onTestFinished } from 'vitest';
import { SYNC_SCHEMA_VERSION } from '../../domain/constants';
import { migrationsFolder } from '../../server/db/migrations-folder';
import { integrityProblems } from '../../server/db/snapshot';
import { archiveName } from '../../server/modules/backups/archive';
import { restoreBackup } from '../../server/modules/backups/restore';
import { backupFromFile, listBackups, rotateBackups } from '../../server/modules/backups/service';
import { createProducts, pushedSale } from '../helpers/fixtures';
import { buildApp, createTestServer, type TestServer } from '../helpers/server';
import { storeTicketCache } from '../../server/modules/invoices/repository';

/** A temporary directory removed when the calling test ends. */
function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const server = async (): Promise<TestServer> => (await buildApp({ env: { BACKUP_INTERVAL: 'off' } })).s;

const restoreTarget = (dataDir: string) => ({ dataDir, dbFile: path.join(dataDir, 'mostrador.sqlite'), uploadsDir: path.join(dataDir, 'uploads') });

describe('copia de seguridad en caliente', () => {
  it('tomada mientras se envían 5.000 ventas, se restaura íntegra con todo lo confirmado antes de empezar', async () => {
    const t = await server();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;
    const token = await t.login();
    const ids = await createProducts(t.app.store, 10, { price: 100, stock: 100_000 });
    const device = await t.registerDevice(token);
    const batches = Array.from({ length: 25 }, (_, b) =>
      Array.from({ length: 200 }, (_, i) => pushedSale(b * 200 + i + 1, [{ productId: ids[i % 10], quantity: 1, unitPrice: 100 }])),
    );
    const push = async (sales: ReturnType<typeof pushedSale>[]) => {
      const res = await fetch(`${base}/api/sync/push`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...device.headers },
        body: JSON.stringify({ deviceId: device.id, schemaVersion: SYNC_SCHEMA_VERSION, sales }),
      });
      const body = (await res.json()) as { data: { results: { status: string }[] } };
      expect(body.data.results.every((r) => r.status === 'applied')).toBe(true);
    };

    const acknowledgedBefore: string[] = [];
    let backup: Promise<Response> | undefined;
    for (const [index, sales] of batches.entries()) {
      if (index === 10) {
        backup = fetch(`${base}/api/backups`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      }
      await push(sales);
      if (index < 10) acknowledgedBefore.push(...sales.map((sale) => sale.clientSaleId));
    }
    const reply = await backup!;
    expect(reply.status).toBe(201);
    const made = ((await reply.json()) as { data: { name: string } }).data;

    const restored = tempDir('mostrador-restaurada-');
    // A fresh folder (another machine): the operator gives the next number, past the 5,000 handed out.
    await restoreBackup(path.join(t.config.backup.dir, made.name), restoreTarget(restored), { nextSaleNumber: 5001 });
    const dbFile = path.join(restored, 'mostrador.sqlite');
    expect(integrityProblems(dbFile)).toEqual([]);
    const db = new Database(dbFile, { readonly: true });
    onTestFinished(() => void db.close());
    const stored = new Set((db.prepare('select client_sale_id as id from sales').all() as { id: string }[]).map((row) => row.id));
    expect(acknowledgedBefore.filter((id) => !stored.has(id))).toEqual([]);
    const stock = db.prepare('select p.stock, (select sum(delta) from stock_movements m where m.product_id = p.id) as ledger from products p').all() as { stock: number; ledger: number }[];
    for (const row of stock) expect(row.ledger).toBe(row.stock);
  });

  it('un administrador descarga la última copia y ve su estado; un vendedor no', async () => {
    const t = await server();
    const admin = await t.login();
    const seller = await t.sellerToken();
    expect((await t.call({ method: 'GET', url: '/api/backups/latest', token: admin })).status).toBe(404);
    expect((await t.call({ method: 'POST', url: '/api/backups', token: seller })).status).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/backups', token: admin })).status).toBe(201);
    const download = await t.app.inject({ method: 'GET', url: '/api/backups/latest', headers: { authorization: `Bearer ${admin}` } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/attachment; filename="mostrador-.*-manual\.tar\.gz"/);
    expect(download.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    const status = await t.call({ method: 'GET', url: '/api/backups/status', token: admin });
    expect(status.body.data).toMatchObject({ stale: false, lastError: null });
    expect(status.body.data.lastBackupAt).not.toBeNull();
    expect((await t.call({ method: 'GET', url: '/api/backups/status', token: seller })).status).toBe(403);
  });
});

describe('restaurar', () => {
  async function oneBackup(): Promise<{ file: string; dataDir: string }> {
    const t = await server();
    await createProducts(t.app.store, 3, { stock: 5 });
    writeFileSync(path.join(t.config.uploadsDir, 'logo.webp'), 'imagen');
    const made = await t.app.backups.runNow('manual');
    const keep = tempDir('mostrador-copias-');
    const file = path.join(keep, made.name);
    writeFileSync(file, readFileSync(made.file));
    return { file, dataDir: tempDir('mostrador-destino-') };
  }

  it('pone la copia en su lugar y guarda aparte los datos que había', async () => {
    const { file, dataDir } = await oneBackup();
    writeFileSync(path.join(dataDir, 'mostrador.sqlite'), 'base vieja');
    const { asideDir } = await restoreBackup(file, restoreTarget(dataDir), { nextSaleNumber: 1 });
    expect(readFileSync(path.join(asideDir, 'mostrador.sqlite'), 'utf8')).toBe('base vieja');
    expect(readFileSync(path.join(dataDir, 'uploads', 'logo.webp'), 'utf8')).toBe('imagen');
    const db = new Database(path.join(dataDir, 'mostrador.sqlite'), { readonly: true });
    expect(db.prepare('select count(*) as n from products').get()).toEqual({ n: 3 });
    db.close();
  });

  it('rechaza un archivo dañado sin tocar nada', async () => {
    const { file, dataDir } = await oneBackup();
    const bytes = readFileSync(file);
    writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expect(restoreBackup(file, restoreTarget(dataDir))).rejects.toThrow(/dañada/);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('rechaza una base que no pasa integrity_check', async () => {
    const { file, dataDir } = await oneBackup();
    const work = tempDir('mostrador-rota-');
    await tar.x({ file, cwd: work });
    const dbFile = path.join(work, 'mostrador.sqlite');
    const pages = readFileSync(dbFile);
    pages.fill(0x5a, 4096 * 2, 4096 * 4); // two pages of b-tree overwritten
    writeFileSync(dbFile, pages);
    const broken = path.join(work, 'rota.tar.gz');
    await tar.c({ gzip: true, file: broken, cwd: work }, ['manifest.json', 'mostrador.sqlite']);
    await expect(restoreBackup(broken, restoreTarget(dataDir))).rejects.toThrow(/dañada/);
    expect(existsSync(path.join(dataDir, 'mostrador.sqlite'))).toBe(false);
  });

  it('rechaza una copia de un esquema más nuevo, en castellano', async () => {
    const { file, dataDir } = await oneBackup();
    const work = tempDir('mostrador-nueva-');
    await tar.x({ file, cwd: work });
    const db = new Database(path.join(work, 'mostrador.sqlite'));
    db.prepare('insert into __drizzle_migrations (hash, created_at) values (?, ?)').run('futura', Date.now() + 365 * 86_400_000);
    db.close();
    const newer = path.join(work, 'nueva.tar.gz');
    await tar.c({ gzip: true, file: newer, cwd: work }, ['manifest.json', 'mostrador.sqlite']);
    await expect(restoreBackup(newer, restoreTarget(dataDir))).rejects.toThrow(/versión más nueva de Mostrador/);
  });

  it('no restaura con el servidor en marcha', async () => {
    const { file, dataDir } = await oneBackup();
    writeFileSync(path.join(dataDir, 'mostrador.pid'), String(process.ppid));
    await expect(restoreBackup(file, restoreTarget(dataDir))).rejects.toThrow(/servidor está en marcha/);
  });
});

describe('antes de migrar', () => {
  it('una base de una versión anterior se copia antes de que las migraciones la cambien', async () => {
    const dataDir = tempDir('mostrador-vieja-');
    const oldMigrations = tempDir('mostrador-migraciones-');
    cpSync(migrationsFolder, oldMigrations, { recursive: true });
    const journalFile = path.join(oldMigrations, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, 2) }));
    const old = new Database(path.join(dataDir, 'mostrador.sqlite'));
    migrate(drizzle(old), { migrationsFolder: oldMigrations });
    old.close();

    const { s: t } = await buildApp({ config: { dataDir }, env: { BACKUP_INTERVAL: 'off' } });
    const copies = listBackups(t.config.backup.dir);
    expect(copies.map((entry) => entry.kind)).toEqual(['pre-migracion']);
    const work = tempDir('mostrador-premig-');
    await tar.x({ file: copies[0].file, cwd: work });
    expect(JSON.parse(readFileSync(path.join(work, 'manifest.json'), 'utf8')).schema.migrations).toBe(2);

    await t.close();
    const { s: again } = await buildApp({ config: { dataDir }, env: { BACKUP_INTERVAL: 'off' } });
    expect(listBackups(again.config.backup.dir)).toHaveLength(1);
  });
});

describe('rotación en la carpeta', () => {
  it('deja exactamente las copias que manda BACKUP_KEEP', async () => {
    const t = await server();
    const dir = tempDir('mostrador-rotacion-');
    const place = { settings: { dir, intervalMs: 0, keep: { daily: 2, weekly: 1, preMigration: 1 } }, uploadsDir: t.config.uploadsDir, timeZone: t.config.timeZone };
    const days = ['2026-11-10', '2026-11-18', '2026-11-20', '2026-11-21', '2026-11-22'];
    for (const day of days) writeFileSync(path.join(dir, archiveName(new Date(`${day}T15:00:00.000Z`), 'programada')), '');
    writeFileSync(path.join(dir, archiveName(new Date('2026-11-01T15:00:00.000Z'), 'pre-migracion')), '');
    writeFileSync(path.join(dir, 'notas.txt'), 'no es una copia');
    const made = await backupFromFile(place, t.config.dbFile, 'manual', new Date('2026-11-22T20:00:00.000Z'));
    // Days: 22 Nov (the new manual one, newest of the day) and 21 Nov; week 16–22 Nov is the same newest one.
    expect(listBackups(dir).map((entry) => entry.name)).toEqual([
      archiveName(new Date('2026-11-01T15:00:00.000Z'), 'pre-migracion'),
      archiveName(new Date('2026-11-21T15:00:00.000Z'), 'programada'),
      made.name,
    ]);
    expect(readdirSync(dir)).toContain('notas.txt');
    expect(rotateBackups(place)).toEqual([]);
  });
});

describe('la copia no lleva secretos (issue #31.4)', () => {
  const MP_TOKEN = 'APP_USR-token-que-no-viaja-7f3a91';
  const MP_SECRET = 'clave-webhook-que-no-viaja-c0ffee';
  const ARCA_TOKEN = 'PD94bWwgdG9rZW4tYXJjYS1xdWUtbm8tdmlhamE=';
  const ARCA_SIGN = 'firma-arca-que-no-viaja-b16b00b5';
  const SECRETS = [MP_TOKEN, MP_SECRET, ARCA_TOKEN, ARCA_SIGN];

  /** A server on `dataDir` with Mercado Pago credentials saved in Configuración and a live ARCA ticket. */
  async function shopWithSecrets(dataDir: string): Promise<TestServer> {
    const s = await createTestServer({ dataDir }, { BACKUP_INTERVAL: 'off' });
    onTestFinished(() => s.close());
    const admin = await s.login();
    const saved = await s.call({ method: 'PUT', url: '/api/payments/settings', token: admin, payload: { accessToken: MP_TOKEN, webhookSecret: MP_SECRET } });
    expect(saved.status).toBe(200);
    const now = Date.now();
    await storeTicketCache(s.app.store).put(
      { cuit: '20111111112', service: 'wsfe', environment: 'homologacion', certFingerprint: 'ab:cd' },
      { token: ARCA_TOKEN, sign: ARCA_SIGN, generationTime: new Date(now).toISOString(), expirationTime: new Date(now + 12 * 3_600_000).toISOString() },
    );
    return s;
  }

  /** Every text cell of every table of a SQLite file that contains one of the secrets. */
  function secretCells(dbFile: string): string[] {
    const db = new Database(dbFile, { readonly: true });
    try {
      const found: string[] = [];
      const tables = (db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map((row) => row.name);
      for (const table of tables) {
        for (const { name } of db.prepare(`pragma table_info("${table}")`).all() as { name: string }[]) {
          for (const secret of SECRETS) {
            const { n } = db.prepare(`select count(*) as n from "${table}" where instr(cast("${name}" as text), ?) > 0`).get(secret) as { n: number };
            if (n > 0) found.push(`${table}.${name}`);
          }
        }
      }
      return found;
    } finally {
      db.close();
    }
  }

  it('ni el token ni la clave de Mercado Pago ni el ticket de ARCA, en ninguna tabla ni en ningún byte', async () => {
    const s = await shopWithSecrets(tempDir('mostrador-secretos-'));
    // The live database does hold them (the check below can find them).
    expect(secretCells(s.config.dbFile).sort()).toEqual(['arca_tickets.sign', 'arca_tickets.token', 'payment_settings.access_token', 'payment_settings.webhook_secret']);
    const made = await s.app.backups.runNow('manual');
    const work = tempDir('mostrador-secretos-copia-');
    await tar.x({ file: made.file, cwd: work });
    const dbFile = path.join(work, 'mostrador.sqlite');
    expect(secretCells(dbFile)).toEqual([]);
    const bytes = readFileSync(dbFile);
    for (const secret of SECRETS) expect(bytes.includes(secret)).toBe(false);
    const manifest = JSON.parse(readFileSync(path.join(work, 'manifest.json'), 'utf8')) as { withoutSecrets: string[] };
    expect(manifest.withoutSecrets).toHaveLength(3);
    for (const secret of SECRETS) expect(JSON.stringify(manifest).includes(secret)).toBe(false);
    // What sign-in needs stays: the users and their password hashes.
    const db = new Database(dbFile, { readonly: true });
    onTestFinished(() => void db.close());
    expect(db.prepare("select password_hash from users where username = 'admin'").pluck().get()).toMatch(/\S/);
  });

  it('restaurada en otra máquina funciona y dice qué credenciales volver a cargar', async () => {
    const s = await shopWithSecrets(tempDir('mostrador-secretos-'));
    const made = await s.app.backups.runNow('manual');
    const elsewhere = tempDir('mostrador-secretos-otra-');
    const result = await restoreBackup(made.file, restoreTarget(elsewhere), { nextSaleNumber: 1 });
    expect(result.reenter.join('\n')).toMatch(/Mercado Pago: el Access Token/);
    expect(result.reenter.join('\n')).toMatch(/Mercado Pago: la clave secreta/);
    const restored = await createTestServer({ dataDir: elsewhere }, { BACKUP_INTERVAL: 'off' });
    onTestFinished(() => restored.close());
    const admin = await restored.login();
    const settings = await restored.call({ method: 'GET', url: '/api/payments/settings', token: admin });
    expect(settings.body.data).toMatchObject({ hasAccessToken: false, hasWebhookSecret: false });
    expect((await restored.call({ method: 'GET', url: '/api/products', token: admin })).status).toBe(200);
  });

  it('restaurada sobre la misma máquina conserva las credenciales que ya estaban', async () => {
    const dataDir = tempDir('mostrador-secretos-misma-');
    const s = await shopWithSecrets(dataDir);
    const made = await s.app.backups.runNow('manual');
    const keep = tempDir('mostrador-secretos-guardada-');
    const file = path.join(keep, made.name);
    writeFileSync(file, readFileSync(made.file));
    await s.close();
    const result = await restoreBackup(file, restoreTarget(dataDir));
    expect(result.reenter).toEqual([]);
    expect(secretCells(path.join(dataDir, 'mostrador.sqlite')).sort()).toEqual(['arca_tickets.sign', 'arca_tickets.token', 'payment_settings.access_token', 'payment_settings.webhook_secret']);
    const again = await createTestServer({ dataDir }, { BACKUP_INTERVAL: 'off' });
    onTestFinished(() => again.close());
    const settings = await again.call({ method: 'GET', url: '/api/payments/settings', token: await again.login() });
    expect(settings.body.data).toMatchObject({ hasAccessToken: true, hasWebhookSecret: true });
  });
});
