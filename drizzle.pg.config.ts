// drizzle-kit for the PostgreSQL dialect (issue #20): `npx drizzle-kit generate --config drizzle.pg.config.ts`.
// The SQLite schema (drizzle.config.ts) is the reference; tests/server/schema-parity.test.ts keeps both equal.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/pg/schema.ts',
  out: './drizzle-pg',
});
