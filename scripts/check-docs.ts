/**
 * Part of `npm run lint` (issue #32 item 5): every path the docs name in backticks is real, so a rename or a
 * deletion cannot leave the architecture described in README.md, docs/*.md, src/README.md and
 * server/README.md pointing at nothing. A path with a folder must exist (a migration may be named by its
 * number, `drizzle/0017`); a bare file name (`push-invoice.ts`) must be the name of some file in the repo.
 * Placeholders (`features/<área>/`, `*.test.ts`, `…`) are not paths and are skipped.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'build', 'coverage']);
const TOP = ['server', 'src', 'domain', 'tests', 'scripts', 'docs', 'drizzle', 'drizzle-pg', 'bench', 'public', '.ci', 'deploy'];
const FILE_NAME = /^[\w.-]+\.(md|ts|tsx|mjs|sql|css)$/;
/** Generated or local-only folders the docs may name although a clean clone lacks them. */
const LOCAL_ONLY = ['bench/.data/', 'tests/.artifacts/'];

function walk(dir: string, names: Set<string>): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) walk(path.join(dir, entry.name), names);
    } else names.add(entry.name);
  }
}

/** `drizzle/0017` names drizzle/0017_sales_search.sql; `drizzle-pg/0010_…` the same way. */
function existsWithPrefix(relative: string): boolean {
  const dir = path.join(ROOT, path.dirname(relative));
  const stem = path.basename(relative).replace(/…$/, '');
  return existsSync(dir) && readdirSync(dir).some((name) => name.startsWith(stem));
}

function docFiles(): string[] {
  const docs = readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  return ['README.md', 'src/README.md', 'server/README.md', ...docs].filter((file) => existsSync(path.join(ROOT, file)));
}

export function brokenDocPaths(): string[] {
  const names = new Set<string>();
  walk(ROOT, names);
  const broken: string[] = [];
  for (const doc of docFiles()) {
    const text = readFileSync(path.join(ROOT, doc), 'utf8');
    text.split('\n').forEach((line, index) => {
      for (const match of line.matchAll(/`([^`\s]+)`/g)) {
        const raw = match[1].replace(/[),.;]+$/, '').replace(/[#:].*$/, '');
        const withFolder = TOP.some((top) => raw.startsWith(`${top}/`));
        if (!withFolder && !FILE_NAME.test(raw)) continue;
        if (/[<>*{}$[\]]|\.\.\./.test(raw) || LOCAL_ONLY.some((dir) => raw.startsWith(dir))) continue;
        const ok = withFolder
          ? existsSync(path.join(ROOT, raw)) || existsSync(path.join(ROOT, path.dirname(doc), raw)) || existsWithPrefix(raw)
          : names.has(raw);
        if (!ok) broken.push(`${doc}:${index + 1}: \`${raw}\` no existe`);
      }
    });
  }
  return broken;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const broken = brokenDocPaths();
  for (const line of broken) console.error(line);
  if (broken.length > 0) {
    console.error(`${broken.length} ruta(s) nombradas en la documentación no existen`);
    process.exit(1);
  }
}
