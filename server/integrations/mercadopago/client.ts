/**
 * Mercado Pago API client: plain fetch against a configurable base URL (the real API or the loopback
 * simulator). Every call has a timeout; 429, 5xx, timeouts and connection errors are retried up to
 * `retries` times with a short backoff — a preference creation always with the SAME X-Idempotency-Key,
 * so a retry can never create a second preference. Failures are MercadoPagoError with a kind.
 * The access token goes only into the Authorization header: never into a message or a log.
 */
import { MercadoPagoError } from './errors';
import type { MpPayment, MpPreference, MpPreferenceRequest, MpSearchResult } from './types';

export const MP_DEFAULT_API_URL = 'https://api.mercadopago.com';

export interface MpClientOptions {
  apiUrl: string;
  accessToken: string;
  timeoutMs?: number;
  retries?: number;
}

export interface MercadoPagoClient {
  createPreference: (body: MpPreferenceRequest, idempotencyKey: string) => Promise<MpPreference>;
  getPayment: (id: string) => Promise<MpPayment>;
  /** Payments of a reference, newest first. */
  searchPayments: (externalReference: string) => Promise<MpPayment[]>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const retryable = (status: number) => status === 429 || status >= 500;

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function providerMessage(body: unknown): string {
  if (body && typeof body === 'object') {
    const { message, error, errors } = body as { message?: unknown; error?: unknown; errors?: { message?: unknown }[] };
    if (Array.isArray(errors) && typeof errors[0]?.message === 'string') return errors[0].message.slice(0, 300);
    if (typeof message === 'string' && message) return message.slice(0, 300);
    if (typeof error === 'string' && error) return error.slice(0, 300);
  }
  return '';
}

/** Mercado Pago's error code (Orders: `errors[0].code`; older APIs: `error`). */
function providerCode(body: unknown): string {
  if (body && typeof body === 'object') {
    const { error, errors } = body as { error?: unknown; errors?: { code?: unknown }[] };
    if (Array.isArray(errors) && typeof errors[0]?.code === 'string') return errors[0].code.slice(0, 100);
    if (typeof error === 'string') return error.slice(0, 100);
  }
  return '';
}

export type MpRequest = <T>(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string) => Promise<T>;

/** One call with the timeout, the retries (same idempotency key) and the typed failures described above. */
export function mercadoPagoRequester(options: MpClientOptions): MpRequest {
  const base = options.apiUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retries = options.retries ?? 3;

  return async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
    const headers: Record<string, string> = { authorization: `Bearer ${options.accessToken}`, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotencyKey) headers['x-idempotency-key'] = idempotencyKey;
    let last = new MercadoPagoError('network', 'Mercado Pago no respondió');
    for (let attempt = 0; attempt <= retries; attempt += 1) {
      if (attempt > 0) await sleep(150 * 2 ** (attempt - 1));
      let response: Response;
      try {
        response = await fetch(`${base}${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        last = new MercadoPagoError(timedOut ? 'timeout' : 'network', timedOut ? 'Mercado Pago no respondió a tiempo' : 'No se pudo conectar con Mercado Pago');
        continue;
      }
      const json = await readJson(response);
      if (response.ok) {
        if (json === undefined || typeof json !== 'object') throw new MercadoPagoError('bad_response', 'Respuesta inválida de Mercado Pago', response.status);
        return json as T;
      }
      const detail = providerMessage(json);
      const code = providerCode(json);
      if (retryable(response.status)) {
        last = new MercadoPagoError('unavailable', `Mercado Pago no está disponible (${response.status})`, response.status);
        continue;
      }
      if (response.status === 401 || response.status === 403) {
        throw new MercadoPagoError('auth', 'Mercado Pago rechazó las credenciales (revisá el access token)', response.status, code);
      }
      if (response.status === 404) throw new MercadoPagoError('not_found', 'Mercado Pago no encontró el recurso', 404, code);
      const kind = response.status === 409 ? 'conflict' : 'rejected';
      throw new MercadoPagoError(kind, `Mercado Pago rechazó la solicitud${detail ? `: ${detail}` : ''}`, response.status, code);
    }
    throw last;
  };
}

export function createMercadoPagoClient(options: MpClientOptions): MercadoPagoClient {
  const request = mercadoPagoRequester(options);

  return {
    createPreference: async (body, idempotencyKey) => {
      const preference = await request<MpPreference>('POST', '/checkout/preferences', body, idempotencyKey);
      if (typeof preference.id !== 'string' || typeof preference.init_point !== 'string') {
        throw new MercadoPagoError('bad_response', 'Respuesta inválida de Mercado Pago');
      }
      return preference;
    },
    getPayment: async (id) => {
      const payment = await request<MpPayment>('GET', `/v1/payments/${encodeURIComponent(id)}`);
      if (payment.id === undefined || typeof payment.status !== 'string') throw new MercadoPagoError('bad_response', 'Respuesta inválida de Mercado Pago');
      return payment;
    },
    searchPayments: async (externalReference) => {
      const query = new URLSearchParams({ external_reference: externalReference, sort: 'date_created', criteria: 'desc' });
      const result = await request<MpSearchResult>('GET', `/v1/payments/search?${query}`);
      if (!Array.isArray(result.results)) throw new MercadoPagoError('bad_response', 'Respuesta inválida de Mercado Pago');
      return result.results.filter((p) => p && p.id !== undefined && typeof p.status === 'string');
    },
  };
}
