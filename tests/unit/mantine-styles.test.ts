/**
 * Every Mantine component the app renders has its stylesheet: the staff screens load Mantine's styles
 * one component at a time (src/app/layout/staff-styles.ts, on top of src/main.tsx's public list), not
 * the whole of @mantine/core/styles.css (issue #17: /pos ≤ 350 KB). A component missing here would show
 * unstyled, so this follows each component the sources (and @mantine/dates, charts, notifications)
 * import from @mantine/core through Mantine's own modules to every part with a stylesheet (Select →
 * Combobox, Input, Popover; Modal → ModalBase, Overlay…) and checks that main.tsx or staff-styles.ts
 * imports it (a sheet imported only by some lazy screen would be missing until that screen loads).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CORE = 'node_modules/@mantine/core/esm';
const SHEETS = new Set(readdirSync('node_modules/@mantine/core/styles').filter((f) => !f.includes('.layer.')).map((f) => f.replace(/\.css$/, '')));

function files(entry: string): string[] {
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry).flatMap((name) => files(path.join(entry, name)));
}

/** Names imported (as values) from @mantine/core by a source text, in either quote style. */
function coreImports(source: string): string[] {
  return [...source.matchAll(/import \{([^}]+)\} from ['"]@mantine\/core['"]/g)].flatMap((m) =>
    m[1]
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n && !n.startsWith('type '))
      .map((n) => n.split(/\s+as\s+/)[0]),
  );
}

/** Export name → the module of @mantine/core that defines it (from the package's index). */
function coreExports(): Map<string, string> {
  const index = readFileSync(`${CORE}/index.mjs`, 'utf8');
  const map = new Map<string, string>();
  for (const m of index.matchAll(/(?:import|export) \{([^}]*)\} from "(\.[^"]+)"/g)) {
    for (const name of m[1].split(',').map((n) => n.trim().split(/\s+as\s+/).pop()!.trim())) if (name) map.set(name, path.resolve(CORE, m[2]));
  }
  return map;
}

/** The stylesheets the given components need: every folder with a sheet that their modules reach. */
function sheetsFor(names: string[]): Set<string> {
  const exports = coreExports();
  const seen = new Set<string>();
  const sheets = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const part of path.relative(CORE, file).split(path.sep)) if (SHEETS.has(part)) sheets.add(part);
    for (const m of readFileSync(file, 'utf8').matchAll(/from\s+"(\.[^"]+)"/g)) {
      const target = path.resolve(path.dirname(file), m[1]);
      if (existsSync(target)) visit(target);
    }
  };
  for (const name of names) {
    const file = exports.get(name);
    if (file) visit(file);
  }
  return sheets;
}

const sources = files('src').filter((f) => /\.(tsx?|css)$/.test(f));
const texts = new Map(sources.map((f) => [f, readFileSync(f, 'utf8')]));

describe('Mantine styles', () => {
  it('imports the stylesheet of every Mantine component (and of its parts) that the app renders', () => {
    const used = new Set([...texts.values()].flatMap(coreImports));
    for (const pkg of ['dates', 'charts', 'notifications']) {
      if (![...texts.values()].some((t) => t.includes(`from '@mantine/${pkg}'`))) continue;
      for (const file of files(`node_modules/@mantine/${pkg}/esm`).filter((f) => f.endsWith('.mjs'))) coreImports(readFileSync(file, 'utf8')).forEach((n) => used.add(n));
    }
    const imported = ['src/main.tsx', 'src/app/layout/staff-styles.ts'].map((f) => texts.get(f)).join('\n');
    const missing = [...sheetsFor([...used])].filter((sheet) => !imported.includes(`@mantine/core/styles/${sheet}.css'`));
    expect(used.size).toBeGreaterThan(40);
    expect(missing).toEqual([]);
  });

  it('never imports the whole of @mantine/core/styles.css', () => {
    const whole = [...texts].filter(([, text]) => /@mantine\/core\/styles(\.layer)?\.css'/.test(text)).map(([file]) => file);
    expect(whole).toEqual([]);
  });
});
