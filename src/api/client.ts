/**
 * The one HTTP client (docs/spec.md §7/§8). Every call resolves (never throws) to an ApiResult:
 *  - success: `{success: true, data, message?, pagination?}`;
 *  - failure: `{success: false, kind, status, message, data?}` where `kind` is 'network' when the server
 *    was not reached (offline, timeout, DNS) and 'http' when it answered with a refusal; `message` is
 *    the server's message or the caller's spec default.
 * Staff calls carry `Authorization: Bearer <token>`; public calls carry no token. Any 401 on a staff call
 * (not public ones, so not the login call) clears the session and does a full redirect to /login.
 * Plain fetch with a timeout (AbortSignal.timeout): the public pages load this module too, so it
 * carries no HTTP library.
 */
import type { z } from 'zod';
import type { AnyEndpoint, EndpointByKey } from '../../domain/api';
import type { Endpoint, Pagination } from '../../domain/api/endpoint';
import { LIMITS } from '../../domain/constants';
import { PUBLIC_MSG } from '../../domain/public-messages';
import { clearSession, getToken } from './session';

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
}

function cleanQuery(query: Query | undefined): Record<string, string> | undefined {
  if (!query) return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') out[key] = String(value);
  }
  return out;
}

interface Request {
  method: Method;
  json?: unknown;
  body?: FormData;
  query?: Query;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Sends the session token when there is one. */
  withToken: boolean;
  /** null: no timeout (downloads). */
  timeoutMs: number | null;
}

/** One request to /api/<path>; rejects only when no answer came (offline, timeout, aborted). */
function send(path: string, req: Request): Promise<Response> {
  const url = new URL(`/api/${path.replace(/^\//, '')}`, window.location.origin);
  for (const [key, value] of Object.entries(cleanQuery(req.query) ?? {})) url.searchParams.set(key, value);
  const headers = new Headers(req.headers);
  const token = req.withToken ? getToken() : null;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined = req.body;
  if (req.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(req.json);
  }
  const signals = [req.signal, req.timeoutMs === null ? undefined : AbortSignal.timeout(req.timeoutMs)].filter((x): x is AbortSignal => x !== undefined);
  return fetch(url, { method: req.method.toUpperCase(), headers, body, signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0] });
}

/** Full redirect to /login after the server refused the session. */
function endSession(): void {
  clearSession();
  if (window.location.pathname !== '/login') window.location.assign('/login');
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
      withToken: !options.public,
      timeoutMs: options.timeoutMs ?? LIMITS.requestTimeoutMs,
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

  if (response.status === 401 && !options.public && !options.noRedirect) endSession();
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
    response = await send(path, { method: 'get', withToken: true, timeoutMs: null });
  } catch {
    return { success: false, kind: 'network', status: 0, message: PUBLIC_MSG.networkError };
  }
  if (!response.ok) {
    const envelope = (await response.json().catch(() => ({}))) as Envelope;
    if (response.status === 401) endSession();
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
