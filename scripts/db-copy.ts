/**
 * `npm run db:copy -- --to <DATABASE_URL>`: moves the shop in DATA_DIR's SQLite file into an empty
 * PostgreSQL database (migrated first), verifies it table by table, and says how to start on it. Refuses
 * while the server runs on this data (sales rung up after the copy would stay behind) and refuses a target
 * that holds any row.
 */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import pg from 'pg';
import { loadConfig } from '../server/config';
import { copySqliteToPostgres } from '../server/db/copy';
import { migratePg } from '../server/db/pg-store';
import { runningServerPid } from '../server/process-lock';

function targetUrl(argv: string[]): string | null {
  const at = argv.indexOf('--to');
  const value = at >= 0 ? argv[at + 1] : argv.find((a) => a.startsWith('--to='))?.slice(5);
  return value && /^postgres(ql)?:\/\//.test(value) ? value : null;
}

/** The URL without its password, for messages. */
const shown = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

const config = loadConfig();
const url = targetUrl(process.argv.slice(2));
if (!url) {
  console.error('Uso: npm run db:copy -- --to postgres://usuario:clave@servidor:5432/base');
  process.exit(2);
}
if (!existsSync(config.dbFile)) {
  console.error(`No hay una base de datos en ${config.dbFile} (revisá DATA_DIR).`);
  process.exit(1);
}
const pid = runningServerPid(config.dataDir);
if (pid) {
  console.error(`El servidor está funcionando sobre estos datos (proceso ${pid}). Detenelo antes de copiar: una venta registrada después de la copia quedaría afuera.`);
  process.exit(1);
}

const sqlite = new Database(config.dbFile, { readonly: true });
const pool = new pg.Pool({ connectionString: url, max: 1 });
try {
  console.log(`Preparando ${shown(url)}…`);
  await migratePg(url);
  const report = await copySqliteToPostgres(sqlite, pool, (line) => console.log(`  ${line}`));
  const total = report.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(`Copia verificada: ${report.tables.length} tablas, ${total} filas en ${(report.ms / 1000).toFixed(1)} s.`);
  console.log(`Para usarla: DATABASE_URL=${shown(url)} npm start`);
} catch (error) {
  console.error(`No se pudo copiar: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  sqlite.close();
  await pool.end();
}
