/**
 * Access-ticket manager. Invariants: a ticket is reused until `marginMs` before it expires; it is
 * stored (byte-exact) through a TicketCache keyed by (the certificate's CUIT, service, environment, certificate
 * fingerprint) so it survives restarts; only one login runs at a time per key (single-flight), so a
 * burst of invoices costs one login and WSAA never sees a second request while a ticket is valid.
 * A coe.alreadyAuthenticated fault (a ticket WSAA issued but we never stored: crash or lost reply) blocks
 * logins for that key (issue #31.7): ArcaLoginBlocked without any request until the next probe, probes
 * spaced from `loginRetryMs` doubling up to 30 min, never later than the old ticket's latest expiry (12 h
 * after the first unanswered login of this process, or after the fault when none is known).
 */
import { ArcaLoginBlocked, ArcaSoapFault } from './errors';
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
  /** First wait before probing WSAA again after coe.alreadyAuthenticated (default 1 min). */
  loginRetryMs?: number;
}

/** WSAA tickets last 12 h. */
const TICKET_LIFETIME_MS = 12 * 3600_000;
const MAX_PROBE_MS = 30 * 60_000;

export interface LoginBlock {
  /** Latest expiry of the ticket WSAA holds for us (ms since epoch). */
  until: number;
  nextTryAt: number;
  faults: number;
}

export class TicketManager {
  private inFlight = new Map<string, Promise<AccessTicket>>();
  /** Since when a login of this process went unanswered (its ticket may exist at WSAA), per key. */
  private unanswered = new Map<string, number>();
  private blocks = new Map<string, LoginBlock>();
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
        const block = this.blocks.get(id);
        if (block && Date.now() < block.nextTryAt) throw new ArcaLoginBlocked(block.until, block.nextTryAt);
        if (!this.unanswered.has(id)) this.unanswered.set(id, Date.now());
        let ticket: AccessTicket;
        try {
          ticket = await loginCms(this.options.wsaaUrl, key.service, credentials, this.options.timeoutMs);
        } catch (e) {
          if (!(e instanceof ArcaSoapFault)) throw e; // no reply: WSAA may have issued it
          const now = Date.now();
          const since = this.unanswered.get(id) ?? now;
          this.unanswered.delete(id);
          if (e.code !== 'coe.alreadyAuthenticated') throw e;
          const estimate = block ? block.until : since + TICKET_LIFETIME_MS;
          const until = estimate > now ? estimate : now + TICKET_LIFETIME_MS;
          const faults = (block?.faults ?? 0) + 1;
          const wait = Math.min((this.options.loginRetryMs ?? 60_000) * 2 ** (faults - 1), MAX_PROBE_MS);
          const next = { until, nextTryAt: Math.min(now + wait, until), faults };
          this.blocks.set(id, next);
          throw new ArcaLoginBlocked(next.until, next.nextTryAt);
        }
        this.unanswered.delete(id);
        this.blocks.delete(id);
        await this.options.cache.put(key, ticket);
        return ticket;
      })().finally(() => this.inFlight.delete(id));
      this.inFlight.set(id, flight);
    }
    return flight;
  }

  /** The login block of a key (coe.alreadyAuthenticated), if any. */
  block(key: TicketKey): LoginBlock | null {
    return this.blocks.get(TicketManager.id(key)) ?? null;
  }

  /** After Err 600: forget the ticket so the next call logs in once. */
  async invalidate(key: TicketKey): Promise<void> {
    await this.options.cache.drop(key);
  }
}
