/**
 * The built client the bench measures and serves: `vite build` into bench/.data/dist (its own folder,
 * so a rebuild never pulls dist/ from under someone else's e2e run), rebuilt when missing or older than
 * any source the client is built from.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { BUILD_DIR, REPO_ROOT } from './paths';

const SOURCES = ['src', 'domain', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestMtime(entry: string): number {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

export const manifestFile = () => path.join(BUILD_DIR, '.vite/manifest.json');

/** The server bundle `npm start` runs (esbuild, a fraction of a second): rebuilt on every bench run. */
function buildServer(): void {
  const result = spawnSync('npx', ['tsx', 'scripts/build-server.ts'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`build-server terminó con código ${result.status}`);
}

/** Builds the server bundle, and the client unless its build is newer than every source. Returns whether it built the client. */
export function ensureBuild(): boolean {
  const manifest = manifestFile();
  if (existsSync(manifest)) {
    const built = statSync(manifest).mtimeMs;
    const sources = SOURCES.map((s) => path.join(REPO_ROOT, s)).filter(existsSync);
    if (sources.every((source) => newestMtime(source) <= built)) {
      buildServer();
      return false;
    }
  }
  buildServer();
  console.log('Compilando el cliente (vite build)...');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', BUILD_DIR, '--emptyOutDir'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`vite build terminó con código ${result.status}`);
  return true;
}
