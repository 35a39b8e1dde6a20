// drizzle-kit for the PostgreSQL dialect (issue #20): `npm run db:generate` runs it after the SQLite one.
// The SQLite schema (drizzle.config.ts) is the reference; tests/server/schema-parity.test.ts keeps both equal.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/pg/schema.ts',
  out: './drizzle-pg',
});
