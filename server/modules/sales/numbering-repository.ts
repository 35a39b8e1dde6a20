/**
 * SQL of the sale-number counter (configuration `ventas`.`numero_actual` = the NEXT number to assign).
 * takeCounter advances it with one UPSERT … RETURNING inside the caller's sale transaction, so two
 * sales can never read the same value and a rolled-back sale gives its number back. Every sale runs
 * these, so on SQLite they are bare statements prepared once per connection (as in ledger-repository.ts).
 * On PostgreSQL the same atomic UPSERT … RETURNING through the unit's `tx`: concurrent units serialise
 * on the counter's row lock (ON CONFLICT DO UPDATE waits for it and reads the committed value), and the
 * value's leading integer is read as SQLite's CAST does (none: 0), so both count the same.
 */
import { eq, sql } from 'drizzle-orm';
import { NUMBERING_DEFAULTS } from '../../../domain/constants';
import type { NumberingSettings } from '../../../domain/numbering';
import { onPostgres, preparedPerConnection } from '../../db/prepared';
import { sales } from '../../db/schema';
import { first, legacySqlite, rows, type Q } from '../../db/store';

const prepared = preparedPerConnection((db) => {
  const sqlite = db.$client;
  return {
    takeCounter: sqlite
      .prepare<[], string>(
        `INSERT INTO configuration (categoria, clave, valor, tipo, descripcion, es_editable)
         VALUES ('ventas', 'numero_actual', '2', 'number', 'Próximo número a asignar', 0)
         ON CONFLICT (categoria, clave) DO UPDATE SET valor = CAST(max(CAST(valor AS INTEGER), 1) + 1 AS TEXT)
         RETURNING valor`,
      )
      .pluck(),
    settings: sqlite.prepare<[], { clave: string; valor: string }>("SELECT clave, valor FROM configuration WHERE categoria = 'ventas'"),
    byNumber: sqlite.prepare<[string], number>('SELECT 1 FROM sales WHERE sale_number = ?').pluck(),
  };
});

const statements = (tx: Q) => prepared(legacySqlite(tx));

const pgTakeCounter = sql`INSERT INTO configuration AS c (categoria, clave, valor, tipo, descripcion, es_editable)
  VALUES ('ventas', 'numero_actual', '2', 'number', 'Próximo número a asignar', false)
  ON CONFLICT (categoria, clave) DO UPDATE
  SET valor = (greatest(coalesce(substring(c.valor from '^[[:space:]]*([+-]?[0-9]+)')::bigint, 0), 1) + 1)::text
  RETURNING valor`;

/** PostgreSQL: the settings and the first counter value in one statement (one round trip less a sale). */
const pgStart = sql`WITH taken AS (${pgTakeCounter})
  SELECT (SELECT valor FROM taken) AS valor,
         coalesce((SELECT json_agg(json_build_object('clave', clave, 'valor', valor)) FROM configuration WHERE categoria = 'ventas'), '[]'::json) AS settings`;

function settingsOf(rows: { clave: string; valor: string }[]): NumberingSettings {
  const value = (clave: keyof NumberingSettings) => rows.find((r) => r.clave === clave)?.valor ?? NUMBERING_DEFAULTS[clave];
  return { prefijo: value('prefijo'), formato: value('formato'), sucursal: value('sucursal') };
}

export const numberingRepository = {
  /** The numbering settings, then takeCounter (PostgreSQL: both in one statement; the settings read is not held up by the counter's lock). */
  start: async (tx: Q): Promise<{ settings: NumberingSettings; counter: number }> => {
    if (!onPostgres(tx)) return { settings: settingsOf(statements(tx).settings.all()), counter: await numberingRepository.takeCounter(tx) };
    const [row] = await rows<{ valor: string; settings: { clave: string; valor: string }[] }>(tx, pgStart);
    return { settings: settingsOf(row.settings), counter: Number(row.valor) - 1 };
  },

  /** Returns the counter value to use and stores the next one (a missing or non-numeric counter counts as 1). */
  takeCounter: async (tx: Q): Promise<number> =>
    Number(onPostgres(tx) ? (await rows<{ valor: string }>(tx, pgTakeCounter))[0].valor : statements(tx).takeCounter.get()!) - 1,

  isTaken: async (tx: Q, saleNumber: string): Promise<boolean> =>
    onPostgres(tx)
      ? (await first(tx.select({ id: sales.id }).from(sales).where(eq(sales.saleNumber, saleNumber)))) !== undefined
      : statements(tx).byNumber.get(saleNumber) !== undefined,
};
