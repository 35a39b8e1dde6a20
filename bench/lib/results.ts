/**
 * Figures of a run: the console table, bench/results.json ({key: {value, unit, baseline, ratio, target,
 * met, machine, date, code, ...}}, merged so `--only` keeps the other figures) and the README table between
 * the bench markers of the "Rendimiento" section (generated from results.json).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describeHardware, type Machine } from './machine';
import { README_FILE } from './paths';

export interface Measurement {
  key: string;
  /** Spanish, for the tables. */
  label: string;
  value: number;
  unit: string;
  baseline: number | null;
  baselineLabel: string | null;
  /** value / baseline, same unit. */
  ratio: number | null;
  target: string | null;
  /** null when the figure has no target (informative). */
  met: boolean | null;
  details?: Record<string, number | string>;
}

export type ResultEntry = Omit<Measurement, 'key'> & { machine: Machine; date: string; code: string };
export type Results = Record<string, ResultEntry>;

export function readResults(file: string): Results {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Results) : {};
}

/**
 * Keys in the order of the scenarios that write them (a key is its scenario's name or starts with it and
 * '-'; the longest such name wins: `catalog-api-pg-p99` is catalog-api-pg's, not catalog-api's).
 */
function inScenarioOrder(results: Results, scenarios: string[]): Results {
  const owner = (key: string) => scenarios.filter((name) => key === name || key.startsWith(`${name}-`)).sort((a, b) => b.length - a.length)[0];
  const rank = (key: string) => scenarios.indexOf(owner(key) ?? '');
  return Object.fromEntries(Object.entries(results).sort(([a], [b]) => rank(a) - rank(b)));
}

export function writeResults(file: string, measured: Measurement[], run: Pick<ResultEntry, 'machine' | 'date' | 'code'>, scenarios: string[]): Results {
  const previous = readResults(file);
  for (const { key, ...rest } of measured) previous[key] = { ...rest, ...run };
  const results = inScenarioOrder(previous, scenarios);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  return results;
}

const number = (v: number, useGrouping = true) => v.toLocaleString('es-AR', { maximumFractionDigits: v < 10 ? 2 : v < 100 ? 1 : 0, useGrouping });
const verdict = (met: boolean | null) => (met === null ? '—' : met ? 'sí' : 'NO');

function rows(entries: [string, Omit<Measurement, 'key'>][]): string[][] {
  return entries.map(([, m]) => [
    m.label,
    `${number(m.value)} ${m.unit}`,
    m.baseline === null ? '—' : `${number(m.baseline)} ${m.unit} (${m.baselineLabel})`,
    m.ratio === null ? '—' : `×${number(m.ratio, false)}`,
    m.target ?? '—',
    verdict(m.met),
  ]);
}

const HEADER = ['Escenario', 'Medida', 'Base (misma corrida)', 'Relación', 'Objetivo', 'Cumple'];

export function printTable(measured: Measurement[]): void {
  const table = [HEADER, ...rows(measured.map((m) => [m.key, m]))];
  const widths = HEADER.map((_, i) => Math.max(...table.map((row) => row[i].length)));
  for (const [i, row] of table.entries()) {
    console.log(row.map((cell, j) => cell.padEnd(widths[j])).join('  '));
    if (i === 0) console.log(widths.map((w) => '─'.repeat(w)).join('  '));
  }
}

const START = '<!-- bench:inicio (generado por npm run bench; no editar a mano) -->';
const END = '<!-- bench:fin -->';
const INTRO = `## Rendimiento

\`npm run bench\` (fuera de \`npm test\`) compila el cliente si hace falta, genera sus propios datos
(50.000 productos; 500.000 ventas en un año), corre cada escenario con procesos, HTTP, SQLite y Chromium
reales, imprime la tabla y escribe \`bench/results.json\`. Las máquinas compartidas hacen ruido: por eso
cada cifra se compara con una base medida en la misma corrida (Fastify pelado, better-sqlite3 pelado,
IndexedDB pelado, un cuadro de pantalla); «Relación» es medida ÷ base. Un objetivo no alcanzado es una
cifra, no un error. Variantes:

- \`npm run bench -- --quick\`: todo con datos chicos, en menos de un minuto (deja sus cifras en
  \`bench/.data/results.quick.json\` y no toca esta tabla);
- \`npm run bench -- --only catalog-api,sync-ingest\`: solo esos escenarios (\`public-bundle\`, \`pos-bundle\`,
  \`catalog-api\`, \`sync-ingest\`, \`dashboard-summary\`, \`cold-start\`, \`pos-search\`, \`pos-confirm\`,
  \`reconnect-drain\`);
- \`--profile\`: perfiles de CPU de cada proceso del servidor en \`bench/.data/profiles\`, que resume
  \`npx tsx bench/lib/profile-top.ts <archivo.cpuprofile>\`.
`;

/** Rewrites the generated part of README's "Rendimiento" section (appending the section if missing). */
export function updateReadme(results: Results): void {
  const entries = Object.entries(results);
  if (!entries.length) return;
  const all = entries.map(([, e]) => e);
  const dates = [...new Set(all.map((e) => e.date.slice(0, 10)))].sort();
  const loads = all.map((e) => e.machine.loadAtStart);
  const machines = [...new Set(all.map((e) => describeHardware(e.machine)))].join('; ');
  const table = [HEADER, HEADER.map(() => '---'), ...rows(entries)].map((row) => `| ${row.join(' | ')} |`).join('\n');
  const codes = [...new Set(all.map((e) => e.code))].join(', ');
  const when = `Medido el ${dates.join(', ')} sobre ${codes}, en ${machines}; carga (1 min) al empezar: ${[...new Set([Math.min(...loads), Math.max(...loads)])].join('–')}.`;
  const block = `${START}\n${when}\n\n${table}\n${END}`;
  const readme = readFileSync(README_FILE, 'utf8');
  const from = readme.indexOf(START);
  const to = readme.indexOf(END);
  const next = from >= 0 && to > from ? `${readme.slice(0, from)}${block}${readme.slice(to + END.length)}` : `${readme.trimEnd()}\n\n${INTRO}\n${block}\n`;
  writeFileSync(README_FILE, next);
}
