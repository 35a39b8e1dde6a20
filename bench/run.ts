/**
 * `npm run bench [-- --quick] [--only name[,name]] [--profile]`: builds the client when stale,
 * generates (or reuses) its data, runs the scenarios one after another, prints the table and writes
 * bench/results.json and the README "Rendimiento" table (a --quick run writes bench/.data/results.quick.json
 * and leaves both alone). A missed target is a figure, not a failure; a scenario that cannot measure on
 * this machine (the -pg ones without PostgreSQL) says «no medido»; only a scenario that breaks makes the
 * exit code non-zero.
 */
import { ensureBuild } from './lib/build';
import { BenchContext, FULL, NotMeasured, QUICK, type Scenario } from './lib/context';
import { codeVersion, describeMachine, machineInfo } from './lib/machine';
import { QUICK_RESULTS_FILE, RESULTS_FILE } from './lib/paths';
import { printTable, updateReadme, writeResults, type Measurement } from './lib/results';
import { busyDay } from './scenarios/busy-day';
import { catalogApi, catalogApiPg } from './scenarios/catalog-api';
import { coldStart } from './scenarios/cold-start';
import { dashboardSummary, dashboardSummaryPg } from './scenarios/dashboard-summary';
import { dbCopy } from './scenarios/db-copy';
import { growth } from './scenarios/growth';
import { invoicing } from './scenarios/invoicing';
import { lighthouseScenario } from './scenarios/lighthouse';
import { longTasks } from './scenarios/long-tasks';
import { posBundle } from './scenarios/pos-bundle';
import { posColdOpen } from './scenarios/pos-cold-open';
import { posConfirm } from './scenarios/pos-confirm';
import { posSearch } from './scenarios/pos-search';
import { publicBundle } from './scenarios/public-bundle';
import { pushConcurrency } from './scenarios/push-concurrency';
import { reconnectDrain } from './scenarios/reconnect-drain';
import { syncIngest, syncIngestPg } from './scenarios/sync-ingest';
import { syncRequests } from './scenarios/sync-requests';

const SCENARIOS: Scenario[] = [publicBundle, posBundle, catalogApi, catalogApiPg, syncIngest, syncIngestPg, pushConcurrency, dashboardSummary, dbCopy, dashboardSummaryPg, coldStart, posSearch, posConfirm, posColdOpen, syncRequests, reconnectDrain, invoicing, longTasks, lighthouseScenario, busyDay, growth];

function parseArgs(argv: string[]) {
  const only = argv.includes('--only') ? (argv[argv.indexOf('--only') + 1] ?? '').split(',').filter(Boolean) : [];
  const unknown = only.filter((name) => !SCENARIOS.some((s) => s.name === name));
  if (unknown.length || (argv.includes('--only') && !only.length)) {
    throw new Error(`Escenario desconocido: ${unknown.join(', ') || '(ninguno)'}. Escenarios: ${SCENARIOS.map((s) => s.name).join(', ')}`);
  }
  return { quick: argv.includes('--quick'), profile: argv.includes('--profile'), only };
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const selected = args.only.length ? SCENARIOS.filter((s) => args.only.includes(s.name)) : SCENARIOS;
  const machine = machineInfo();
  const date = new Date().toISOString();
  const code = codeVersion();
  const started = performance.now();
  console.log(`Mostrador bench${args.quick ? ' (--quick)' : ''} sobre ${code}: ${describeMachine(machine)}`);
  ensureBuild();

  const ctx = new BenchContext(args.quick ? QUICK : FULL, args.quick, args.profile);
  const measured: Measurement[] = [];
  const broken: string[] = [];
  try {
    for (const scenario of selected) {
      const t0 = performance.now();
      console.log(`\n▶ ${scenario.name}: ${scenario.description}`);
      try {
        const figures = await scenario.run(ctx);
        measured.push(...figures);
        for (const m of figures) console.log(`  ${m.key}: ${m.value} ${m.unit}${m.ratio === null ? '' : ` (×${m.ratio} de la base)`}`);
      } catch (error) {
        if (error instanceof NotMeasured) console.log(`  — no medido: ${error.message}`);
        else {
          broken.push(scenario.name);
          console.error(`  ✗ ${scenario.name} falló:`, error);
        }
      }
      console.log(`  (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    }
  } finally {
    await ctx.close();
  }

  console.log('');
  printTable(measured);
  const results = writeResults(args.quick ? QUICK_RESULTS_FILE : RESULTS_FILE, measured, { machine, date, code }, SCENARIOS.map((s) => s.name));
  if (!args.quick) updateReadme(results);
  console.log(`\n${measured.length} cifras en ${((performance.now() - started) / 1000).toFixed(1)} s → ${args.quick ? QUICK_RESULTS_FILE : RESULTS_FILE}`);
  if (broken.length) console.error(`Escenarios que fallaron: ${broken.join(', ')}`);
  return broken.length ? 1 : 0;
}

process.exit(
  await main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    return 2;
  }),
);
