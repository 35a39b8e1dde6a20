/**
 * SQL of the sale-number counter (configuration `ventas`.`numero_actual` = the NEXT number to assign).
 * takeCounter advances it with one UPSERT … RETURNING inside the caller's sale transaction, so two
 * sales can never read the same value and a rolled-back sale gives its number back. Every sale runs
 * these, so they are bare statements prepared once per connection (as in ledger-repository.ts).
 * pg: the same atomic UPSERT … RETURNING (concurrent units serialise on the counter's row lock), with
 * greatest(valor::integer, 1) + 1 and ::text casts; the settings and isTaken reads through drizzle.
 */
import { NUMBERING_DEFAULTS } from '../../../domain/constants';
import type { NumberingSettings } from '../../../domain/numbering';
import { preparedPerConnection } from '../../db/prepared';
import { legacySqlite, type Q } from '../../db/store';

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

export const numberingRepository = {
  /** Returns the counter value to use and stores the next one (a missing or non-numeric counter counts as 1). */
  takeCounter: async (tx: Q): Promise<number> => Number(statements(tx).takeCounter.get()!) - 1,

  settings: async (tx: Q): Promise<NumberingSettings> => {
    const rows = statements(tx).settings.all();
    const value = (clave: keyof NumberingSettings) => rows.find((r) => r.clave === clave)?.valor ?? NUMBERING_DEFAULTS[clave];
    return { prefijo: value('prefijo'), formato: value('formato'), sucursal: value('sucursal') };
  },

  isTaken: async (tx: Q, saleNumber: string): Promise<boolean> => statements(tx).byNumber.get(saleNumber) !== undefined,
};
