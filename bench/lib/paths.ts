/** Fixed places and names of the bench. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Git-ignored: generated databases, per-run copies, CPU profiles, quick results. */
export const DATA_DIR = path.join(REPO_ROOT, 'bench/.data');
export const PROFILE_DIR = path.join(DATA_DIR, 'profiles');
export const RESULTS_FILE = path.join(REPO_ROOT, 'bench/results.json');
export const QUICK_RESULTS_FILE = path.join(DATA_DIR, 'results.quick.json');
export const README_FILE = path.join(REPO_ROOT, 'README.md');
/** The client build the bench serves and measures (see build.ts). */
export const BUILD_DIR = path.join(DATA_DIR, 'dist');
/** Password of the admin the generated databases are seeded with. */
export const BENCH_ADMIN_PASSWORD = 'bench-admin-clave';
