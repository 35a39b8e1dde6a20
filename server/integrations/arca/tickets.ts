/**
 * Access-ticket manager. Invariants: a ticket is reused until `marginMs` before it expires; it is
 * stored (byte-exact) through a TicketCache keyed by (the certificate's CUIT, service, environment, certificate
 * fingerprint) so it survives restarts; only one login runs at a time per key (single-flight), so a
 * burst of invoices costs one login and WSAA never sees a second request while a ticket is valid.
 */
import { loginCms, type AccessTicket } from './wsaa';
import type { ArcaCredentials } from './credentials';

export interface TicketKey {
  cuit: string;
  service: string;
  environment: string;
  certFingerprint: string;
}

/** Where tickets are kept; a database-backed cache answers asynchronously. */
export interface TicketCache {
  get(key: TicketKey): AccessTicket | undefined | Promise<AccessTicket | undefined>;
  put(key: TicketKey, ticket: AccessTicket): void | Promise<void>;
  drop(key: TicketKey): void | Promise<void>;
}

export interface TicketManagerOptions {
  wsaaUrl: string;
  timeoutMs: number;
  cache: TicketCache;
  /** Renew this long before expiry (default 10 min). */
  marginMs?: number;
}

export class TicketManager {
  private inFlight = new Map<string, Promise<AccessTicket>>();
  constructor(private readonly options: TicketManagerOptions) {}

  private static id(key: TicketKey): string {
    return `${key.cuit}|${key.service}|${key.environment}|${key.certFingerprint}`;
  }

  private fresh(ticket: AccessTicket | undefined): ticket is AccessTicket {
    return !!ticket && Date.parse(ticket.expirationTime) - (this.options.marginMs ?? 10 * 60_000) > Date.now();
  }

  async ticket(key: TicketKey, credentials: ArcaCredentials): Promise<AccessTicket> {
    const cached = await this.options.cache.get(key);
    if (this.fresh(cached)) return cached;
    const id = TicketManager.id(key);
    let flight = this.inFlight.get(id);
    if (!flight) {
      flight = (async () => {
        const again = await this.options.cache.get(key);
        if (this.fresh(again)) return again;
        const ticket = await loginCms(this.options.wsaaUrl, key.service, credentials, this.options.timeoutMs);
        await this.options.cache.put(key, ticket);
        return ticket;
      })().finally(() => this.inFlight.delete(id));
      this.inFlight.set(id, flight);
    }
    return flight;
  }

  /** After Err 600: forget the ticket so the next call logs in once. */
  async invalidate(key: TicketKey): Promise<void> {
    await this.options.cache.drop(key);
  }
}
