/** PostgreSQL twin of server/db/schema/accounting.ts (the monotributo tracker's settings, one row). */
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';

export const monotributoSettings = pgTable('monotributo_settings', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  category: text('category'),
  scaleJson: text('scale_json').notNull(),
  source: text('source').notNull(),
  validFrom: text('valid_from').notNull(),
  updatedAt: updatedAt(),
});
