/**
 * HTTP load with autocannon, run inside the bench process against a child process: a short warm-up
 * (JIT, caches), then the measured run. Any error, timeout or non-2xx answer makes the figure invalid.
 */
import autocannon from 'autocannon';

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
}

export async function load(url: string, connections: number, seconds: number): Promise<LoadFigures> {
  await autocannon({ url, connections, duration: Math.max(1, Math.round(seconds / 5)) });
  const result = await autocannon({ url, connections, duration: seconds });
  const failures = result.errors + result.timeouts + result.non2xx;
  if (failures) throw new Error(`${url}: ${failures} respuestas fallidas de ${result.requests.total}`);
  return { requestsPerSecond: result.requests.average, p50Ms: result.latency.p50, p99Ms: result.latency.p99, total: result.requests.total };
}
