/**
 * HTTP load with autocannon, run inside the bench process against a child process: a short warm-up
 * (JIT, caches), then the measured run. A request slower than autocannon's 10 s timeout is counted, not
 * fatal (it is part of the figure: past 1 % of the requests the p99 is the timeout itself); an error
 * status or a broken connection makes the figure invalid.
 */
import autocannon from 'autocannon';

const TIMEOUT_MS = 10_000;

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  timeouts: number;
}

/**
 * `paths`: the requests walk this list in order (shared by every connection, from the start again when
 * it ends), each one a path on `url`'s server, instead of repeating `url`.
 */
export async function load(url: string, connections: number, seconds: number, paths?: readonly string[]): Promise<LoadFigures> {
  let next = 0;
  const requests = paths && [{ setupRequest: (request: { path?: string }) => ({ ...request, path: paths[next++ % paths.length] }) }];
  await autocannon({ url, connections, duration: Math.max(1, Math.round(seconds / 5)), requests });
  const result = await autocannon({ url, connections, duration: seconds, requests });
  const failures = result.non2xx + result.errors - result.timeouts;
  if (failures > 0) throw new Error(`${url}: ${failures} respuestas fallidas de ${result.requests.total}`);
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.timeouts > 0.01 * (result.requests.total + result.timeouts) ? TIMEOUT_MS : result.latency.p99,
    total: result.requests.total,
    timeouts: result.timeouts,
  };
}
