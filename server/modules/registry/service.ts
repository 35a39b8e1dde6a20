/**
 * Looking a buyer up in ARCA's taxpayer registry (issue #33.2, docs/registry.md). Invariants: a CUIT or DNI
 * that fails its check never reaches ARCA; each registry service logs in with its own WSAA ticket (the
 * TicketKey's service), cached in the database like WSFE's, reused until it nears expiry and renewed once
 * when the registry refuses it; no transaction is ever open around a network call (the only writes are the
 * ticket cache's own, after the login answered); every failure is a RegistryError or an AppError with a
 * Spanish message that sends the cashier to typing the data or to the customer file.
 */
import type { AppConfig } from '../../config';
import type { Store } from '../../db/store';
import { AppError, badRequest } from '../../http/errors';
import { parseCuit, parseDni } from '../../../domain/cuit';
import { REGISTRY_MSG } from '../../../domain/registry-messages';
import type { RegistryPersonaJson } from '../../../domain/schemas/registry';
import { ArcaLoginBlocked, ArcaSoapFault, ArcaTransportError } from '../../integrations/arca/errors';
import { TicketManager, type TicketKey } from '../../integrations/arca/tickets';
import { PadronClient, isTicketFault, type PadronAuth } from '../../integrations/arca/padron/client';
import { PADRON_ENDPOINTS, PADRON_SERVICES } from '../../integrations/arca/padron/env';
import { RegistryError, registryError, type RegistryErrorCode } from '../../integrations/arca/padron/errors';
import type { EffectiveArca, ArcaRuntime } from '../invoices/runtime';
import { storeTicketCache } from '../invoices/repository';

/** The HTTP status of each failure: the registry's own answers are 404/422, the registry being unusable 502–504. */
export const REGISTRY_HTTP_STATUS: Record<RegistryErrorCode, number> = {
  not_found: 404,
  inactive: 422,
  timeout: 504,
  unreachable: 503,
  fault: 502,
  not_authorized: 503,
  bad_reply: 502,
};

type Service = 'constancia' | 'a13';

/** At most this many CUITs of one DNI are looked up (ARCA usually has one). */
const MAX_CUITS_PER_DNI = 5;

export class RegistryService {
  private readonly managers = new Map<string, TicketManager>();
  private readonly clients = new Map<string, PadronClient>();

  constructor(
    private readonly store: Store,
    private readonly config: AppConfig,
    private readonly runtime: ArcaRuntime,
  ) {}

  /** The registry data of a typed CUIT. */
  async byCuit(typed: string): Promise<RegistryPersonaJson> {
    const parsed = parseCuit(typed);
    if (!parsed.ok) throw badRequest(parsed.message);
    const eff = await this.ready();
    return this.authed(eff, 'constancia', (client, auth) => client.persona(auth, parsed.value));
  }

  /** The active people ARCA has for a DNI (A13 gives the CUITs, the constancia their data). */
  async byDni(typed: string): Promise<RegistryPersonaJson[]> {
    const parsed = parseDni(typed);
    if (!parsed.ok) throw badRequest(parsed.message);
    const eff = await this.ready();
    if (!(this.config.arca.padron.a13 ?? eff.simulator)) throw new AppError(503, REGISTRY_MSG.dniDisabled);
    const cuits = await this.authed(eff, 'a13', (client, auth) => client.cuitsForDni(auth, parsed.value));
    const found: RegistryPersonaJson[] = [];
    for (const cuit of cuits.slice(0, MAX_CUITS_PER_DNI)) {
      try {
        found.push(await this.authed(eff, 'constancia', (client, auth) => client.persona(auth, cuit)));
      } catch (e) {
        // A CUIT of the DNI that is gone or inactive is not the buyer's; any other failure is the registry's.
        if (!(e instanceof RegistryError) || (e.code !== 'not_found' && e.code !== 'inactive')) throw e;
      }
    }
    if (found.length === 0) throw registryError.notFound(`el DNI ${parsed.value}`);
    return found;
  }

  /** The shop's ARCA configuration, when it has what the registry needs (a CUIT and a certificate). */
  private async ready(): Promise<EffectiveArca & { credentials: NonNullable<EffectiveArca['credentials']>; cuit: string }> {
    const eff = await this.runtime.effective();
    if (!eff.credentials || !eff.cuit) throw new AppError(503, REGISTRY_MSG.notConfigured);
    return eff as EffectiveArca & { credentials: NonNullable<EffectiveArca['credentials']>; cuit: string };
  }

  private urls(eff: EffectiveArca): { constancia: string; a13: string } {
    if (eff.simulator && this.runtime.simulator) return this.runtime.simulator.padronUrls;
    const env = this.config.arca.padron;
    return { constancia: env.constanciaUrl ?? PADRON_ENDPOINTS[eff.environment].constancia, a13: env.a13Url ?? PADRON_ENDPOINTS[eff.environment].a13 };
  }

  private client(eff: EffectiveArca): PadronClient {
    const urls = this.urls(eff);
    const id = `${urls.constancia}|${urls.a13}`;
    let client = this.clients.get(id);
    if (!client) this.clients.set(id, (client = new PadronClient(urls, this.config.arca.padron.timeoutMs)));
    return client;
  }

  private manager(eff: EffectiveArca): TicketManager {
    let manager = this.managers.get(eff.wsaaUrl);
    if (!manager) {
      manager = new TicketManager({ wsaaUrl: eff.wsaaUrl, timeoutMs: this.config.arca.padron.timeoutMs, cache: storeTicketCache(this.store), loginRetryMs: this.config.arca.loginRetryMs });
      this.managers.set(eff.wsaaUrl, manager);
    }
    return manager;
  }

  /** Runs a registry call with the service's ticket; a refused ticket is dropped and renewed once. */
  private async authed<T>(eff: Awaited<ReturnType<RegistryService['ready']>>, service: Service, call: (client: PadronClient, auth: PadronAuth) => Promise<T>): Promise<T> {
    const key: TicketKey = {
      cuit: eff.credentials.subjectCuit ?? eff.cuit,
      service: PADRON_SERVICES[service],
      environment: eff.simulator ? 'simulador' : eff.environment,
      certFingerprint: eff.credentials.fingerprint,
    };
    const manager = this.manager(eff);
    const client = this.client(eff);
    const login = async () => {
      try {
        const t = await manager.ticket(key, eff.credentials);
        return { token: t.token, sign: t.sign, cuitRepresentada: eff.cuit };
      } catch (e) {
        throw loginFailure(e, service);
      }
    };
    const auth = await login();
    try {
      return await call(client, auth);
    } catch (e) {
      if (!(e instanceof ArcaSoapFault)) throw e;
      if (!isTicketFault(e)) throw registryError.fault(e.faultstring);
      // Another lookup may have renewed it already: drop only the ticket that was refused.
      const current = await storeTicketCache(this.store).get(key);
      if (current?.token === auth.token) await manager.invalidate(key);
      try {
        return await call(client, await login());
      } catch (again) {
        if (again instanceof ArcaSoapFault) throw isTicketFault(again) ? registryError.notAuthorized(service === 'a13', again.faultstring) : registryError.fault(again.faultstring);
        throw again;
      }
    }
  }
}

/** A WSAA login that failed, as the registry's error. */
function loginFailure(e: unknown, service: Service): Error {
  if (e instanceof ArcaLoginBlocked) return new AppError(503, REGISTRY_MSG.loginBlocked);
  if (e instanceof ArcaSoapFault) return e.code === 'coe.notAuthorized' ? registryError.notAuthorized(service === 'a13', e.faultstring) : registryError.fault(`WSAA: ${e.faultstring}`);
  if (e instanceof ArcaTransportError) return e.timedOut ? registryError.timeout(`WSAA: ${e.message}`) : registryError.unreachable(`WSAA: ${e.message}`);
  return e instanceof Error ? e : new Error(String(e));
}
