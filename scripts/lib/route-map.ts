/**
 * The map from each API route to the file that declares it, read from the route files themselves
 * (`app.get('/path'` and friends under server/modules, or `app.get(pathOf(api.x.key)` resolved through
 * the domain/api description the file imports). `npm run docs:routes` writes it into
 * server/README.md; tests/server/route-map.test.ts checks that it matches the running app's routes and
 * that the README holds the current map.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface RouteRow {
  method: string;
  url: string;
  file: string;
}

const REGISTRATION = /\bapp\.(get|post|put|patch|delete)\(\s*'([^']+)'/g;
/** A route registered from its description: `app.get(pathOf(api.list.key)` with `import { xApi as api } from '…/domain/api/x'`. */
const DESCRIBED = /\bapp\.(get|post|put|patch|delete)\(\s*pathOf\((\w+)\.(\w+)\.key\)/g;
const API_IMPORT = /import \{ \w+ as (\w+) \} from '((?:\.\.\/)+domain\/api\/[\w-]+)'/g;
const ENDPOINT = /(\w+): endpoint\('(\w+) ([^']+)'/g;
export const BEGIN = '<!-- rutas:inicio (generado por npm run docs:routes; no editar a mano) -->';
export const END = '<!-- rutas:fin -->';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : full.endsWith('.ts') ? [full] : [];
  });
}

/** `alias.name` → path of each endpoint the route file imports from domain/api. */
function describedPaths(file: string, source: string): Map<string, string> {
  const paths = new Map<string, string>();
  for (const [, alias, from] of source.matchAll(API_IMPORT)) {
    for (const [, name, , url] of readFileSync(`${path.resolve(path.dirname(file), from)}.ts`, 'utf8').matchAll(ENDPOINT)) paths.set(`${alias}.${name}`, url);
  }
  return paths;
}

export function routeRows(root: string): RouteRow[] {
  const rows: RouteRow[] = [];
  for (const file of filesUnder(path.join(root, 'server/modules'))) {
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(REGISTRATION)) {
      rows.push({ method: m[1].toUpperCase(), url: `/api${m[2]}`, file: path.relative(root, file) });
    }
    const described = describedPaths(file, source);
    for (const m of source.matchAll(DESCRIBED)) {
      const url = described.get(`${m[2]}.${m[3]}`);
      if (url) rows.push({ method: m[1].toUpperCase(), url: `/api${url}`, file: path.relative(root, file) });
    }
  }
  return rows.sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
}

export function routeTableMarkdown(rows: RouteRow[]): string {
  const lines = ['| Método | Ruta | Archivo |', '| --- | --- | --- |', ...rows.map((r) => `| ${r.method} | \`${r.url}\` | [${r.file.replace(/^server\//, '')}](${r.file.replace(/^server\//, '')}) |`)];
  return `${BEGIN}\n${lines.join('\n')}\n${END}`;
}

/** The README text with its generated section replaced by the current map. */
export function withRouteTable(readme: string, rows: RouteRow[]): string {
  const start = readme.indexOf(BEGIN);
  const end = readme.indexOf(END);
  if (start < 0 || end < 0) throw new Error('server/README.md no tiene las marcas de la tabla de rutas');
  return readme.slice(0, start) + routeTableMarkdown(rows) + readme.slice(end + END.length);
}
