/**
 * The migration folders at the project root (drizzle/ for SQLite, drizzle-pg/ for PostgreSQL), found from
 * this module whether it runs from server/db or from the bundle in build/server.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findMigrationsFolder(name: string): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, name);
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No se encontró la carpeta de migraciones ${name}/`);
    dir = parent;
  }
}

export const migrationsFolder = findMigrationsFolder('drizzle');
export const pgMigrationsFolder = findMigrationsFolder('drizzle-pg');
