/** Typed failures of the Mercado Pago client; the payments service maps them to Spanish messages. */
export type MpErrorKind =
  /** No answer in time (after the retries). */
  | 'timeout'
  /** Connection refused, DNS, reset (after the retries). */
  | 'network'
  /** 429 or 5xx on every attempt. */
  | 'unavailable'
  /** 401/403: the access token is wrong or lacks permission. */
  | 'auth'
  /** Another 4xx: Mercado Pago refused the request (its message is kept). */
  | 'rejected'
  /** 409: the resource is in a state that does not allow it (an order no longer cancellable, a key reused with another body). */
  | 'conflict'
  /** 404 on a resource read. */
  | 'not_found'
  /** A 2xx whose body is not the JSON expected. */
  | 'bad_response';

export class MercadoPagoError extends Error {
  constructor(
    readonly kind: MpErrorKind,
    message: string,
    readonly status = 0,
    /** Mercado Pago's own error code when it sent one (`errors[0].code` or `error`), e.g. `pos_not_found`. */
    readonly code = '',
  ) {
    super(message);
    this.name = 'MercadoPagoError';
  }
}
