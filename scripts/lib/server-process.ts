/** Starting a server as a child process (crash tests, bench): a free loopback port, and waiting for /api/health. */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves at the first 200 from GET /api/health; kills the child and throws (with its output) on exit or timeout. */
export async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  output: () => string,
  { timeoutMs = 60_000, pollMs = 100 }: { timeoutMs?: number; pollMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`El proceso terminó al iniciar (código ${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
  child.kill('SIGKILL');
  throw new Error(`Sin respuesta de /api/health en ${timeoutMs / 1000} s:\n${output()}`);
}
