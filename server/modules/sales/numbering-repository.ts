/**
 * SQL of the sale-number counter (configuration `ventas`.`numero_actual` = the NEXT number to assign).
 * takeCounter advances it with one UPSERT … RETURNING inside the caller's sale transaction, so two
 * sales can never read the same value and a rolled-back sale gives its number back. Every sale runs
 * these, so they are bare statements prepared once per connection (as in ledger-repository.ts).
 */
import { NUMBERING_DEFAULTS } from '../../../domain/constants';
import type { NumberingSettings } from '../../../domain/numbering';
import type { Db } from '../../db/client';
import { preparedPerConnection } from '../../db/prepared';

const statements = preparedPerConnection((db: Db) => {
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

export const numberingRepository = {
  /** Returns the counter value to use and stores the next one (a missing or non-numeric counter counts as 1). */
  takeCounter: (db: Db): number => Number(statements(db).takeCounter.get()!) - 1,

  settings: (db: Db): NumberingSettings => {
    const rows = statements(db).settings.all();
    const value = (clave: keyof NumberingSettings) => rows.find((r) => r.clave === clave)?.valor ?? NUMBERING_DEFAULTS[clave];
    return { prefijo: value('prefijo'), formato: value('formato'), sucursal: value('sucursal') };
  },

  isTaken: (db: Db, saleNumber: string): boolean => statements(db).byNumber.get(saleNumber) !== undefined,
};
