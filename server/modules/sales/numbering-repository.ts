/**
 * SQL of the sale-number counter (configuration `ventas`.`numero_actual` = the NEXT number to assign).
 * takeCounter advances it with one UPSERT … RETURNING inside the caller's sale transaction, so two
 * sales can never read the same value and a rolled-back sale gives its number back.
 */
import { eq, sql } from 'drizzle-orm';
import { NUMBERING_DEFAULTS } from '../../../domain/constants';
import type { NumberingSettings } from '../../../domain/numbering';
import type { Db } from '../../db/client';
import { preparedPerConnection } from '../../db/prepared';
import { configuration, sales } from '../../db/schema';

const statements = preparedPerConnection((db: Db) => ({
    takeCounter: db
      .insert(configuration)
      .values({ categoria: 'ventas', clave: 'numero_actual', valor: '2', tipo: 'number', descripcion: 'Próximo número a asignar', esEditable: false })
      .onConflictDoUpdate({
        target: [configuration.categoria, configuration.clave],
        set: { valor: sql`CAST(max(CAST(${configuration.valor} AS INTEGER), 1) + 1 AS TEXT)` },
      })
      .returning({ valor: configuration.valor })
      .prepare(),
    settings: db
      .select({ clave: configuration.clave, valor: configuration.valor })
      .from(configuration)
      .where(eq(configuration.categoria, 'ventas'))
      .prepare(),
    byNumber: db.select({ id: sales.id }).from(sales).where(eq(sales.saleNumber, sql.placeholder('saleNumber'))).prepare(),
}));

export const numberingRepository = {
  /** Returns the counter value to use and stores the next one (a missing or non-numeric counter counts as 1). */
  takeCounter: (db: Db): number => Number(statements(db).takeCounter.get()!.valor) - 1,

  settings: (db: Db): NumberingSettings => {
    const rows = statements(db).settings.all();
    const value = (clave: keyof NumberingSettings) => rows.find((r) => r.clave === clave)?.valor ?? NUMBERING_DEFAULTS[clave];
    return { prefijo: value('prefijo'), formato: value('formato'), sucursal: value('sucursal') };
  },

  isTaken: (db: Db, saleNumber: string): boolean => statements(db).byNumber.get({ saleNumber }) !== undefined,
};
