/** server/README.md maps every route the server registers to the file that declares it, and nothing else. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeRows, withRouteTable } from '../../scripts/lib/route-map';
import { buildApp } from '../helpers/server';

const root = process.cwd();
const { s: server } = await buildApp({ env: { BACKUP_INTERVAL: 'off' } });

describe('mapa de rutas de server/README.md', () => {
  const rows = routeRows(root);

  it('nombra exactamente las rutas que registra el servidor, cada una con un archivo que existe', () => {
    const registered = server.app.routeTable.map((r) => `${r.method} ${r.url}`).sort();
    expect(rows.map((r) => `${r.method} ${r.url}`).sort()).toEqual(registered);
    for (const row of rows) expect(existsSync(path.join(root, row.file)), row.file).toBe(true);
  });

  it('el README tiene el mapa al día (npm run docs:routes)', () => {
    const readme = readFileSync(path.join(root, 'server/README.md'), 'utf8');
    expect(readme).toBe(withRouteTable(readme, rows));
  });
});
