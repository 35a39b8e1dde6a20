/**
 * The one HTTP client (docs/spec.md §7/§8), on ky. Every call resolves (never throws) to an ApiResult:
 *  - success: `{success: true, data, message?, pagination?}`;
 *  - failure: `{success: false, kind, status, message, data?}` where `kind` is 'network' when the server
 *    was not reached (offline, timeout, DNS) and 'http' when it answered with a refusal; `message` is
 *    the server's message or the caller's spec default.
 * Staff calls carry `Authorization: Bearer <token>` (a ky hook); public calls carry no token. Any 401 on a
 * staff call (not public ones, so not the login call) clears the session and does a full redirect to /login.
 * Retries (RETRY): only a GET that a proxy answered 502/503/504 (the server restarting behind Caddy) is
 * tried once more, after Retry-After or a short wait; a call with no answer (offline, timeout) or any
 * write is never retried here: the sync engine and TanStack Query own those decisions, so a server that
 * is away never sees a storm.
 * ky arrives in its own chunk with the first call (about 4.5 KB gzip; the app's first call is the business
 * info at start): the public pages' first render stays within its 150 KB budget (tests/e2e/bundle-size).
 */
import type { HTTPError, KyInstance, Options as KyOptions } from 'ky';
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
  /** false: never retried, not even a GET a proxy refused (the sync engine keeps its own back-off). */
  retry?: false;
}

/** What the hooks read from a call (ky's `context`). */
type CallContext = {
  withToken: boolean;
  /** A 401 ends the session (staff calls). */
  redirectOn401: boolean;
};

/** Proxy answers that mean "the server is restarting": one more try for a GET, after at most RETRY_WAIT_MS. */
const RETRY_STATUSES = [502, 503, 504];
const RETRY_WAIT_MS = 2_000;

function cleanQuery(query: Query | undefined): Record<string, string> | undefined {
  if (!query) return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') out[key] = String(value);
  }
  return out;
}

/** Full redirect to /login after the server refused the session. */
function endSession(): void {
  clearSession();
  if (window.location.pathname !== '/login') window.location.assign('/login');
}

const contextOf = (options: { context?: unknown }) => options.context as Partial<CallContext>;

interface Http {
  ky: KyInstance;
  isHttpError: (error: unknown) => error is HTTPError;
}

let loading: Promise<Http> | undefined;

/** The ky instance for /api calls: a status the retry policy does not retry comes back as a Response, never thrown. */
function http(): Promise<Http> {
  loading ??= import('ky').then(({ default: ky, HTTPError }) => {
    const isHttpError = (error: unknown): error is HTTPError => error instanceof HTTPError;
    const retry: KyOptions['retry'] = {
      limit: 1,
      methods: ['get'],
      statusCodes: RETRY_STATUSES,
      afterStatusCodes: [503],
      maxRetryAfter: RETRY_WAIT_MS,
      backoffLimit: RETRY_WAIT_MS,
      // No answer at all (offline, DNS, timeout): never retried here.
      shouldRetry: ({ error }) => (isHttpError(error) ? undefined : false),
    };
    const instance = ky.create({
      throwHttpErrors: (status) => RETRY_STATUSES.includes(status),
      retry,
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
    return { ky: instance, isHttpError };
  });
  // A chunk that could not load (offline before the service worker cached it) is tried again next call.
  loading.catch(() => (loading = undefined));
  return loading;
}

interface Request {
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
async function send(path: string, req: Request): Promise<Response> {
  const url = new URL(`/api/${path.replace(/^\//, '')}`, window.location.origin);
  const { ky, isHttpError } = await http();
  try {
    return await ky(url, {
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
    if (isHttpError(error)) return error.response;
    throw error;
  }
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
