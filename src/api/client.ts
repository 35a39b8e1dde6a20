/**
 * The one HTTP client (docs/spec.md §7/§8). Every call resolves (never throws) to an ApiResult:
 *  - success: `{success: true, data, message?, pagination?}`;
 *  - failure: `{success: false, kind, status, message, data?}` where `kind` is 'network' when the server
 *    was not reached (offline, timeout, DNS) and 'http' when it answered with a refusal; `message` is
 *    the server's message or the caller's spec default.
 * Staff calls go through ky: the token (`Authorization: Bearer <token>`) and the 401 (it clears the session
 * and does a full redirect to /login) are its hooks, and its retry policy tries only a GET a proxy answered
 * 502/503/504 (the server restarting behind Caddy) once more, after Retry-After or a short wait; a
 * call with no answer (offline, timeout) or any write is never retried here: the sync engine and TanStack
 * Query own those decisions, so a server that is away never sees a storm. That transport and ky arrive in
 * their own chunk with the first staff call (./staff-transport.ts).
 * Public calls (the landing, the catalogue, the contact form, the sign-in; `public: true`) carry no token,
 * never redirect and are never retried, so they go through plain fetch: a visitor never downloads ky (about
 * 4.5 KB brotli, which the public pages' 135 KiB wire budget has no room for: tests/e2e/wire-bytes).
 */
import type { z } from 'zod';
import type { AnyEndpoint, EndpointByKey } from '../../domain/api';
import type { Endpoint, Pagination } from '../../domain/api/endpoint';
import { LIMITS } from '../../domain/constants';
import { PUBLIC_MSG } from '../../domain/public-messages';

export type { Pagination };

export interface ApiSuccess<T> {
  success: true;
  data: T;
  message?: string;
  pagination?: Pagination;
}

export interface ApiFailure {
  success: false;
  /** 'network': no answer from the server (retry later); 'http': the server answered with an error. */
  kind: 'network' | 'http';
  /** HTTP status, 0 for network failures. */
  status: number;
  message: string;
  data?: unknown;
}

export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Query = Record<string, string | number | boolean | null | undefined>;

export interface CallOptions {
  /** docs/spec.md §8 default message shown when the server gives none. */
  errorMessage?: string;
  json?: unknown;
  body?: FormData;
  /** Undefined, null and '' values are left out. */
  query?: Query;
  signal?: AbortSignal;
  /** Public calls (and login): no token, and a 401 is a plain failure shown to the user. */
  public?: boolean;
  /** Sends the token if there is one, but a 401 is a plain failure (public page fallbacks). */
  noRedirect?: boolean;
  /** Extra request headers (the device credential of sync calls and sign-in). */
  headers?: Record<string, string>;
  /** Overrides LIMITS.requestTimeoutMs (the sync engine's idle probe waits a few seconds at most). */
  timeoutMs?: number;
  /** false: never retried, not even a GET a proxy refused (the sync engine keeps its own back-off). */
  retry?: false;
}

/** What the hooks read from a call (ky's `context`). */
export type CallContext = {
  withToken: boolean;
  /** A 401 ends the session (staff calls). */
  redirectOn401: boolean;
};

export function cleanQuery(query: Query | undefined): Record<string, string> | undefined {
  if (!query) return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') out[key] = String(value);
  }
  return out;
}

export interface TransportRequest {
  method: Method;
  json?: unknown;
  body?: FormData;
  query?: Query;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  context: CallContext;
  /** false: no timeout (downloads). */
  timeoutMs: number | false;
  retry?: false;
}

/**
 * One request to /api/<path>: the server's Response whatever its status (a 502–504 that was retried
 * too); rejects only when no answer came (offline, timeout, aborted).
 */
async function send(path: string, req: TransportRequest): Promise<Response> {
  const url = new URL(`/api/${path.replace(/^\//, '')}`, window.location.origin);
  if (!req.context.withToken) return sendPublic(url, req);
  const { sendStaff } = await import('./staff-transport');
  return sendStaff(url, req);
}

/** A public call: plain fetch with the same query, JSON body and timeout; no token, no retry. */
function sendPublic(url: URL, req: TransportRequest): Promise<Response> {
  for (const [key, value] of Object.entries(cleanQuery(req.query) ?? {})) url.searchParams.set(key, value);
  const headers = new Headers(req.headers);
  let body: BodyInit | undefined = req.body;
  if (req.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(req.json);
  }
  const signals = [req.signal, req.timeoutMs === false ? undefined : AbortSignal.timeout(req.timeoutMs)].filter((x): x is AbortSignal => x !== undefined);
  return fetch(url, { method: req.method.toUpperCase(), headers, body, signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0] });
}

interface Envelope {
  success?: boolean;
  message?: string;
  data?: unknown;
  pagination?: Pagination;
}

export async function apiCall<T>(method: Method, path: string, options: CallOptions = {}): Promise<ApiResult<T>> {
  const fallback = options.errorMessage ?? '';
  let response: Response;
  try {
    response = await send(path, {
      method,
      json: options.json,
      body: options.body,
      query: options.query,
      signal: options.signal,
      headers: options.headers,
      context: { withToken: !options.public, redirectOn401: !options.public && !options.noRedirect },
      timeoutMs: options.timeoutMs ?? LIMITS.requestTimeoutMs,
      retry: options.retry,
    });
  } catch {
    return { success: false, kind: 'network', status: 0, message: fallback || PUBLIC_MSG.networkError };
  }

  let envelope: Envelope = {};
  try {
    envelope = (await response.json()) as Envelope;
  } catch {
    // Not JSON (a proxy error page, an empty body): judged by the status alone.
  }

  if (!response.ok || envelope.success === false) {
    return { success: false, kind: 'http', status: response.status, message: envelope.message || fallback, data: envelope.data };
  }
  return { success: true, data: envelope.data as T, message: envelope.message, pagination: envelope.pagination };
}

export type DownloadResult = { success: true; blob: Blob; filename: string } | ApiFailure;

/** A staff file download (the reply is a file, not the JSON envelope; failures still are). */
export async function apiDownload(path: string, errorMessage: string): Promise<DownloadResult> {
  let response: Response;
  try {
    response = await send(path, { method: 'get', context: { withToken: true, redirectOn401: true }, timeoutMs: false });
  } catch {
    return { success: false, kind: 'network', status: 0, message: PUBLIC_MSG.networkError };
  }
  if (!response.ok) {
    const envelope = (await response.json().catch(() => ({}))) as Envelope;
    return { success: false, kind: 'http', status: response.status, message: envelope.message || errorMessage };
  }
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'descarga';
  return { success: true, blob: await response.blob(), filename };
}

// Typed calls ------------------------------------------------------------------------------------------

type Input<S> = S extends z.ZodType ? z.input<S> : never;
/** Query values travel as strings: the keys are the endpoint's, the values anything `cleanQuery` prints. */
type QueryOf<E extends Endpoint> = E extends { query: z.ZodType } ? { [K in keyof Input<E['query']>]?: Query[string] } : never;
type PathArgs<E extends Endpoint> = E extends { params: z.ZodType } ? { params: { [K in keyof Input<E['params']>]: string | number } } : { params?: never };
type QueryArgs<E extends Endpoint> = E extends { query: z.ZodType } ? { query?: QueryOf<E> } : { query?: never };
type BodyArgs<E extends Endpoint> = E extends { body: z.ZodType } ? { json: Input<E['body']> } : { json?: never };

/** What a typed call takes: the endpoint's params, query and JSON body, plus the call options. */
// Distributed once over E (not in each part): the intersection of three per-part unions over every
// endpoint is a cross product TypeScript refuses as too complex.
export type ApiArgs<E extends Endpoint> = E extends Endpoint ? PathArgs<E> & QueryArgs<E> & BodyArgs<E> & Omit<CallOptions, 'json' | 'query'> : never;
/** The `data` of an endpoint's success reply. */
export type ReplyData<K extends AnyEndpoint['key']> = EndpointByKey<K>['reply'] extends z.ZodType ? z.output<EndpointByKey<K>['reply']> : never;

const fillPath = (path: string, params: Record<string, string | number> | undefined) =>
  path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));

/**
 * A call described in domain/api (`api('PUT /brands/:id', { params: { id }, json })`): the arguments and
 * the reply's data are typed from the same description the server registers, so a screen cannot read a
 * field the reply does not have. Only types come from domain/api: no schema reaches the bundle.
 */
export function api<K extends AnyEndpoint['key']>(key: K, args: ApiArgs<EndpointByKey<K>>): Promise<ApiResult<ReplyData<K>>> {
  const space = key.indexOf(' ');
  const method = key.slice(0, space).toLowerCase() as Method;
  const { params, ...options } = args as unknown as CallOptions & { params?: Record<string, string | number> };
  return apiCall<ReplyData<K>>(method, fillPath(key.slice(space + 1), params), options);
}
