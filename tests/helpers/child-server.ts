/**
 * The real server as a child process on a free port and a given data directory, for tests that must kill it
 * (SIGKILL) and start it again on the same database file. It runs the server bundled as `npm start` runs it
 * (scripts/lib/bundle-server.ts), built once per test worker: started through tsx, each child spent seconds
 * of CPU compiling and loading the sources.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer } from '../../scripts/lib/bundle-server';
import { freePort, waitForHealth } from '../../scripts/lib/server-process';
import { ADMIN_PASSWORD } from './server';
import { workerDir } from './worker-dir';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let bundle: Promise<string> | undefined;

/** build/test-server/<pid>/main.mjs, built on first use (inside the repository: it imports node_modules). */
function serverBundle(): Promise<string> {
  bundle ??= (async () => {
    const outdir = workerDir(path.join(repoRoot, 'build', 'test-server'));
    await bundleServer(outdir);
    return path.join(outdir, 'main.mjs');
  })();
  return bundle;
}

export interface ChildServer {
  baseUrl: string;
  /** Signs in as the first admin and returns the token. */
  adminToken: () => Promise<string>;
  /** Sends `signal` and resolves once the process has exited. */
  kill: (signal?: NodeJS.Signals) => Promise<void>;
}

export async function startChildServer(dataDir: string, extraEnv: Record<string, string> = {}): Promise<ChildServer> {
  const [port, main] = await Promise.all([freePort(), serverBundle()]);
  const child = spawn(process.execPath, [main], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      DEMO_DATA: 'false',
      CLIENT_DIR: path.join(dataDir, 'no-client'),
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child, () => output);

  return {
    baseUrl,
    adminToken: async () => {
      const res = await fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
      });
      const body = (await res.json()) as { data: { token: string } };
      return body.data.token;
    },
    kill: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
