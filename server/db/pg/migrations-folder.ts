/** drizzle-pg/ at the project root (the PostgreSQL migrations), found from this module whether it runs from server/db/pg or from a bundle. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findMigrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'drizzle-pg');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('No se encontró la carpeta de migraciones drizzle-pg/');
    dir = parent;
  }
}

export const pgMigrationsFolder = findMigrationsFolder();
