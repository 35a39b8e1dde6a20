/**
 * The data layer of backups and restores (beside snapshot.ts).
 * SQL on a database FILE that no server has open: the staged copy inside a backup being written, the
 * copy a restore is about to put in place, the database a restore moves aside. SQLite only (backups
 * and restores are of the SQLite file; docs/operations.md). Every function tolerates an older schema
 * (a pre-migration copy, a backup from an earlier version): a missing table or column is skipped.
 */
import Database from 'better-sqlite3';

/** One secret a backup must not carry: where it lives and how the owner puts it back. */
interface SecretPlace {
  table: string;
  /** Columns set to NULL; none: every row of the table is deleted. */
  columns?: string[];
  /** The row's key, to carry the columns over to the same row (with `columns`). */
  key?: string;
  /** What the owner re-enters after a restore (shown by `npm run restore`). */
  reenter: string;
}

/**
 * Every secret in the schema (grep the schema for token/secret/key/sign when adding a table): the
 * Mercado Pago credentials an admin saved and ARCA's access tickets (token + sign, valid ~12 h).
 * Kept: password hashes (sign-in needs them; scrypt) and device key hashes (SHA-256 of 256-bit keys).
 */
export const BACKUP_SECRETS: SecretPlace[] = [
  { table: 'payment_settings', columns: ['access_token'], key: 'id', reenter: 'Mercado Pago: el Access Token (Configuración → Mercado Pago)' },
  { table: 'payment_settings', columns: ['webhook_secret'], key: 'id', reenter: 'Mercado Pago: la clave secreta de las notificaciones (Configuración → Mercado Pago)' },
  { table: 'arca_tickets', reenter: 'ARCA: el ticket de acceso (no hay que cargar nada: el servidor pide uno nuevo con su certificado)' },
];

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

function columnsOf(db: Database.Database, table: string): Set<string> {
  return new Set((db.prepare(`PRAGMA table_info(${quote(table)})`).all() as { name: string }[]).map((row) => row.name));
}

/**
 * Removes every secret from the database file `file` and rewrites it (secure_delete + VACUUM), so not a
 * byte of them is left in free pages. Returns what the owner has to put back after restoring it (only
 * the secrets that had a value).
 */
export function scrubSecrets(file: string): string[] {
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('journal_mode = DELETE');
    db.pragma('secure_delete = ON');
    const removed: string[] = [];
    db.transaction(() => {
      for (const place of BACKUP_SECRETS) {
        const columns = columnsOf(db, place.table);
        if (columns.size === 0) continue;
        const wanted = (place.columns ?? []).filter((column) => columns.has(column));
        if (place.columns && wanted.length === 0) continue;
        const held = place.columns
          ? wanted.map((column) => `${quote(column)} IS NOT NULL AND ${quote(column)} <> ''`).join(' OR ')
          : '1';
        const changes = place.columns
          ? db.prepare(`UPDATE ${quote(place.table)} SET ${wanted.map((column) => `${quote(column)} = NULL`).join(', ')} WHERE ${held}`).run().changes
          : db.prepare(`DELETE FROM ${quote(place.table)}`).run().changes;
        if (changes > 0) removed.push(place.reenter);
      }
    })();
    db.exec('VACUUM');
    return removed;
  } finally {
    db.close();
  }
}

/**
 * Restoring on the machine whose data is being replaced: the secrets of that database (`fromFile`, never
 * part of any backup) are carried into the restored one (`toFile`), so the owner re-enters only what
 * the replaced database did not hold. Returns the `reenter` texts of what was carried. Best effort: an
 * unreadable `fromFile` carries nothing.
 */
export function carrySecrets(fromFile: string, toFile: string): string[] {
  let from: Database.Database;
  try {
    from = new Database(fromFile, { readonly: true, fileMustExist: true });
    from.prepare('SELECT 1 FROM sqlite_master LIMIT 1').get();
  } catch {
    return [];
  }
  const to = new Database(toFile, { fileMustExist: true });
  try {
    to.pragma('journal_mode = DELETE');
    const carried: string[] = [];
    to.transaction(() => {
      for (const place of BACKUP_SECRETS) {
        let theirs: Set<string>;
        try {
          theirs = columnsOf(from, place.table);
        } catch {
          continue;
        }
        const ours = columnsOf(to, place.table);
        const common = [...ours].filter((column) => theirs.has(column));
        if (place.columns) {
          const wanted = place.columns.filter((column) => common.includes(column));
          if (!place.key || !common.includes(place.key) || wanted.length === 0) continue;
          const held = wanted.map((column) => `${quote(column)} IS NOT NULL AND ${quote(column)} <> ''`).join(' OR ');
          const rowsHeld = from.prepare(`SELECT ${[place.key, ...wanted].map(quote).join(', ')} FROM ${quote(place.table)} WHERE ${held}`).all() as Record<string, unknown>[];
          const upsert = to.prepare(
            `INSERT INTO ${quote(place.table)} (${[place.key, ...wanted].map(quote).join(', ')}) VALUES (${[place.key, ...wanted].map(() => '?').join(', ')})
             ON CONFLICT (${quote(place.key)}) DO UPDATE SET ${wanted.map((column) => `${quote(column)} = excluded.${quote(column)}`).join(', ')}`,
          );
          for (const row of rowsHeld) upsert.run(...[place.key, ...wanted].map((column) => row[column]));
          if (rowsHeld.length) carried.push(place.reenter);
        } else if (common.length) {
          const rowsHeld = from.prepare(`SELECT ${common.map(quote).join(', ')} FROM ${quote(place.table)}`).all() as Record<string, unknown>[];
          const insert = to.prepare(`INSERT OR REPLACE INTO ${quote(place.table)} (${common.map(quote).join(', ')}) VALUES (${common.map(() => '?').join(', ')})`);
          for (const row of rowsHeld) insert.run(...common.map((column) => row[column]));
          if (rowsHeld.length) carried.push(place.reenter);
        }
      }
    })();
    return carried;
  } finally {
    to.close();
    from.close();
  }
}

/** The sale-number counter (`ventas.numero_actual`, the NEXT number) of a database file; null when unreadable. */
export function saleCounterOf(file: string): number | null {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch {
    return null;
  }
  try {
    const row = db.prepare("SELECT CAST(valor AS INTEGER) AS n FROM configuration WHERE categoria = 'ventas' AND clave = 'numero_actual'").get() as { n: number | null } | undefined;
    // A missing or non-numeric counter counts as 1, as numbering-repository.ts reads it.
    return Math.max(row?.n ?? 1, 1);
  } catch {
    return null;
  } finally {
    db.close();
  }
}

/** Moves the counter of `file` up to `next` (never down); returns the value it held. */
export function raiseSaleCounter(file: string, next: number): number {
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('journal_mode = DELETE'); // one file to move into place (the server sets WAL again when it opens it)
    return db.transaction(() => {
      const row = db.prepare("SELECT CAST(valor AS INTEGER) AS n FROM configuration WHERE categoria = 'ventas' AND clave = 'numero_actual'").get() as { n: number | null } | undefined;
      const held = Math.max(row?.n ?? 1, 1);
      if (next > held) {
        db.prepare(
          `INSERT INTO configuration (categoria, clave, valor, tipo, descripcion, es_editable)
           VALUES ('ventas', 'numero_actual', ?, 'number', 'Próximo número a asignar', 0)
           ON CONFLICT (categoria, clave) DO UPDATE SET valor = excluded.valor`,
        ).run(String(next));
      }
      return held;
    })();
  } finally {
    db.close();
  }
}
