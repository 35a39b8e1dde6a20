/**
 * How a staff call of the HTTP client (./client.ts) reaches the server: ky, loaded with this module on the
 * first staff call (a visitor never downloads either). Its hooks send the session token and end the session
 * on a 401 (a full redirect to /login); its retry policy tries only a GET a proxy answered 502/503/504 once
 * more, after Retry-After (at most RETRY_WAIT_MS) or a short wait. No answer (offline, DNS, timeout) and
 * writes are never retried here. Resolves to the server's Response whatever its status; rejects only when
 * no answer came.
 */
import ky, { HTTPError } from 'ky';
import type { CallContext, TransportRequest } from './client';
import { cleanQuery } from './client';
import { clearSession, getToken } from './session';

const RETRY_STATUSES = [502, 503, 504];
const RETRY_WAIT_MS = 2_000;

/** Full redirect to /login after the server refused the session. */
function endSession(): void {
  clearSession();
  if (window.location.pathname !== '/login') window.location.assign('/login');
}

const contextOf = (options: { context?: unknown }) => options.context as Partial<CallContext>;

const http = ky.create({
  // A retried status is thrown (that is how ky retries); send() hands its Response back.
  throwHttpErrors: (status) => RETRY_STATUSES.includes(status),
  retry: {
    limit: 1,
    methods: ['get'],
    statusCodes: RETRY_STATUSES,
    afterStatusCodes: [503],
    maxRetryAfter: RETRY_WAIT_MS,
    backoffLimit: RETRY_WAIT_MS,
    shouldRetry: ({ error }) => (error instanceof HTTPError ? undefined : false),
  },
  hooks: {
    beforeRequest: [
      (request, options) => {
        const token = contextOf(options).withToken ? getToken() : null;
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
    afterResponse: [
      (_request, options, response) => {
        if (response.status === 401 && contextOf(options).redirectOn401) endSession();
      },
    ],
  },
});

export async function sendStaff(url: URL, req: TransportRequest): Promise<Response> {
  try {
    return await http(url, {
      method: req.method,
      json: req.json,
      body: req.body,
      searchParams: cleanQuery(req.query),
      signal: req.signal,
      headers: req.headers,
      timeout: req.timeoutMs,
      context: req.context,
      ...(req.retry === false ? { retry: 0 } : {}),
    });
  } catch (error) {
    if (error instanceof HTTPError) return error.response;
    throw error;
  }
}
