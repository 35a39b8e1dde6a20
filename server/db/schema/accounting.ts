/**
 * The monotributo tracker's settings (issue #37.4, one row, id 1): the category table (letters and annual caps in
 * cents, as JSON), its source and the day it applies from, and the shop's category. The migration that creates it
 * inserts the latest published table (docs/accounting.md); the admin replaces it in Configuración. Never synced.
 */
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { updatedAt } from './columns';

export const monotributoSettings = sqliteTable('monotributo_settings', {
  id: integer('id').primaryKey(),
  /** The shop's current category (one of scale_json's letters), null until the admin chooses it. */
  category: text('category'),
  /** [{ "category": "A", "capCents": 1027798813 }, …], caps strictly increasing. */
  scaleJson: text('scale_json').notNull(),
  source: text('source').notNull(),
  /** "YYYY-MM-DD" */
  validFrom: text('valid_from').notNull(),
  updatedAt: updatedAt(),
});
