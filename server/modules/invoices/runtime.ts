/**
 * The ARCA runtime of one server: the effective configuration (ARCA_* env vars win over the settings
 * screen; the issuer's CUIT, condition, start of activities and IIBB come from their one home, the business
 * info, issue #33.1 — an ARCA_CUIT / ARCA_TAX_CONDITION is written there at start so every printout
 * agrees with what invoicing sends), the credentials (env files, or the uploaded ones in DATA_DIR/arca, 0600), the ticket
 * manager (tickets cached in the DB through the store) and WSFEv1 clients. The effective configuration is
 * read on each use (the saved settings may change), so it is asynchronous. With no credentials anywhere and demo data on,
 * it starts the ARCA simulator in-process on a loopback port and invoices against it (simulator: true,
 * "Simulador ARCA — sin validez fiscal").
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_IDENTIFICATION_THRESHOLD_CENTS, type ArcaEnvironment, type IssuerTaxCondition } from '../../../domain/invoicing/codes';
import type { AppConfig } from '../../config';
import type { Store } from '../../db/store';
import { loadCredentials, type ArcaCredentials } from '../../integrations/arca/credentials';
import { ARCA_ENDPOINTS } from '../../integrations/arca/env';
import type { ArcaSimulator } from '../../integrations/arca/simulator/server';
import { TicketManager, type LoginBlock, type TicketCache, type TicketKey } from '../../integrations/arca/tickets';
import { WsfeClient, type WsfeAuth } from '../../integrations/arca/wsfe';
import { ArcaServiceError, ARCA_CODES } from '../../integrations/arca/errors';
import { issuerTaxConditionOf } from '../../../domain/schemas/business';
import { isValidCuit, onlyDigits } from '../../../domain/invoicing/cuit';
import { businessInfoRepository } from '../business-info/repository';
import { settingsRepository, storeTicketCache } from './repository';

/** CUIT the demo simulator invoices with when none is configured. */
export const SIMULATOR_DEMO_CUIT = '20111111112';

export interface EffectiveArca {
  configured: boolean;
  /** Spanish names of what is missing. */
  missing: string[];
  simulator: boolean;
  environment: ArcaEnvironment;
  cuit: string | null;
  taxCondition: IssuerTaxCondition | null;
  ptoVta: number | null;
  /** The server's own CAEA point of sale (issue #11), null when none was set. */
  caeaPtoVta: number | null;
  startOfActivities: string | null;
  iibb: string | null;
  thresholdCents: number;
  wsaaUrl: string;
  wsfeUrl: string;
  credentials: ArcaCredentials | null;
  lockedByEnv: string[];
}

export class ArcaRuntime {
  private credentialCache: { key: string; value: ArcaCredentials | null } | null = null;
  private ticketManagers = new Map<string, TicketManager>();
  private wsfeClients = new Map<string, WsfeClient>();
  private readonly ticketCache: TicketCache;

  private constructor(
    private readonly config: AppConfig,
    private readonly store: Store,
    readonly simulator: ArcaSimulator | null,
    private readonly simulatorCredentials: ArcaCredentials | null,
  ) {
    this.ticketCache = storeTicketCache(store);
  }

  get credentialsDir(): string {
    return path.join(this.config.dataDir, 'arca');
  }

  private uploadedPaths() {
    return { cert: path.join(this.credentialsDir, 'cert.pem'), key: path.join(this.credentialsDir, 'key.pem') };
  }

  static async start(config: AppConfig, store: Store): Promise<ArcaRuntime> {
    const { cuit, taxCondition } = config.arca;
    if (cuit || taxCondition) await store.write((tx) => businessInfoRepository.setIssuer(tx, { cuit, taxCondition }));
    const probe = new ArcaRuntime(config, store, null, null);
    if (probe.credentialsProvided() || !config.demoData) return probe;
    // The simulator (its SOAP server and test PKI) is loaded only here, in demo mode: a shop with
    // credentials, and every server test without demo data, never imports it.
    const [{ createTestPki }, { startArcaSimulator }] = await Promise.all([import('../../integrations/arca/simulator/pki'), import('../../integrations/arca/simulator/server')]);
    const dir = path.join(config.dataDir, 'arca-simulator');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const files = { ca: path.join(dir, 'ca.pem'), cert: path.join(dir, 'cert.pem'), key: path.join(dir, 'key.pem') };
    if (!existsSync(files.key)) {
      const pki = createTestPki(SIMULATOR_DEMO_CUIT);
      writeFileSync(files.ca, pki.caCertPem);
      writeFileSync(files.cert, pki.certPem);
      writeFileSync(files.key, pki.keyPem, { mode: 0o600 });
    }
    const simulator = await startArcaSimulator({ caCertPem: readFileSync(files.ca, 'utf8'), stateFile: path.join(dir, 'state.json') });
    return new ArcaRuntime(config, store, simulator, loadCredentials(readFileSync(files.cert, 'utf8'), readFileSync(files.key, 'utf8')));
  }

  /** True when real credentials were given (env files named, or uploaded), readable or not: never the simulator then. */
  credentialsProvided(): boolean {
    const env = this.config.arca;
    return !!(env.certFile || env.keyFile) || existsSync(this.uploadedPaths().cert) || existsSync(this.uploadedPaths().key);
  }

  /** The taxpayer's credentials: env files win, then the uploaded ones; null when none (or unreadable). */
  configuredCredentials(): ArcaCredentials | null {
    const env = this.config.arca;
    const paths = env.certFile && env.keyFile ? { cert: env.certFile, key: env.keyFile } : this.uploadedPaths();
    if (!existsSync(paths.cert) || !existsSync(paths.key)) return null;
    const key = `${paths.cert}|${paths.key}`;
    if (this.credentialCache?.key === key) return this.credentialCache.value;
    let value: ArcaCredentials | null = null;
    try {
      value = loadCredentials(readFileSync(paths.cert, 'utf8'), readFileSync(paths.key, 'utf8'));
    } catch {
      value = null;
    }
    this.credentialCache = { key, value };
    return value;
  }

  /** Stores uploaded credentials (0600) and forgets the cached ones. */
  storeCredentials(certPem: string, keyPem: string): void {
    mkdirSync(this.credentialsDir, { recursive: true, mode: 0o700 });
    const p = this.uploadedPaths();
    writeFileSync(p.cert, certPem, { mode: 0o600 });
    writeFileSync(p.key, keyPem, { mode: 0o600 });
    chmodSync(p.cert, 0o600);
    chmodSync(p.key, 0o600);
    this.credentialCache = null;
  }

  async effective(): Promise<EffectiveArca> {
    const env = this.config.arca;
    const { saved, business } = await this.store.read(async (q) => ({ saved: await settingsRepository.get(q), business: await businessInfoRepository.get(q) }));
    const lockedByEnv = [
      env.cuit && 'cuit',
      env.taxCondition && 'taxCondition',
      env.ptoVta && 'ptoVta',
      env.environment && 'environment',
      env.certFile && env.keyFile && 'credentials',
    ].filter((x): x is string => !!x);
    const real = this.configuredCredentials();
    const simulator = !this.credentialsProvided() && this.simulator !== null;
    const environment = env.environment ?? saved?.environment ?? 'homologacion';
    const cuit = env.cuit ?? (business?.cuit ? onlyDigits(business.cuit) : null) ?? (simulator ? SIMULATOR_DEMO_CUIT : null);
    const taxCondition = env.taxCondition ?? issuerTaxConditionOf(business?.taxCondition) ?? (simulator ? 'monotributo' : null);
    const ptoVta = env.ptoVta ?? saved?.ptoVta ?? (simulator ? 1 : null);
    const credentials = real ?? (simulator ? this.simulatorCredentials : null);
    const missing = [!cuit ? 'CUIT' : !isValidCuit(cuit) && 'CUIT válido (Configuración → Negocio)', !taxCondition && 'condición frente al IVA', !ptoVta && 'punto de venta', !credentials && (this.credentialsProvided() ? 'certificado y clave legibles y que se correspondan' : 'certificado y clave')].filter(
      (x): x is string => !!x,
    );
    if (simulator && this.simulator && cuit && taxCondition) this.simulator.issuers[cuit] = taxCondition;
    return {
      configured: missing.length === 0,
      missing,
      simulator,
      environment,
      cuit,
      taxCondition,
      ptoVta,
      caeaPtoVta: saved?.caeaPtoVta ?? null,
      startOfActivities: business?.startOfActivities ?? null,
      iibb: business?.iibb ?? null,
      thresholdCents: saved?.identificationThresholdCents ?? DEFAULT_IDENTIFICATION_THRESHOLD_CENTS,
      wsaaUrl: simulator ? this.simulator!.wsaaUrl : (env.wsaaUrl ?? ARCA_ENDPOINTS[environment].wsaa),
      wsfeUrl: simulator ? this.simulator!.wsfeUrl : (env.wsfeUrl ?? ARCA_ENDPOINTS[environment].wsfe),
      credentials,
      lockedByEnv,
    };
  }

  wsfe(eff: EffectiveArca): WsfeClient {
    let client = this.wsfeClients.get(eff.wsfeUrl);
    if (!client) this.wsfeClients.set(eff.wsfeUrl, (client = new WsfeClient(eff.wsfeUrl, this.config.arca.timeoutMs)));
    return client;
  }

  /** The ticket belongs to the certificate: keyed by the certificate's CUIT (it may act for eff.cuit). */
  private ticketKey(eff: EffectiveArca): TicketKey {
    return { cuit: eff.credentials!.subjectCuit ?? eff.cuit!, service: 'wsfe', environment: eff.simulator ? 'simulador' : eff.environment, certFingerprint: eff.credentials!.fingerprint };
  }

  private tickets(eff: EffectiveArca): TicketManager {
    let manager = this.ticketManagers.get(eff.wsaaUrl);
    if (!manager) {
      manager = new TicketManager({ wsaaUrl: eff.wsaaUrl, timeoutMs: this.config.arca.timeoutMs, cache: this.ticketCache, loginRetryMs: this.config.arca.loginRetryMs });
      this.ticketManagers.set(eff.wsaaUrl, manager);
    }
    return manager;
  }

  /** WSAA's "ya posee un TA válido" block for this configuration (issue #31.7), or null. */
  loginBlock(eff: EffectiveArca): LoginBlock | null {
    return eff.configured ? this.tickets(eff).block(this.ticketKey(eff)) : null;
  }

  /** Runs an authenticated WSFEv1 call; on Err 600 drops the ticket, logs in once and retries once. */
  async withAuth<T>(eff: EffectiveArca, call: (auth: WsfeAuth) => Promise<T>): Promise<T> {
    const key = this.ticketKey(eff);
    const manager = this.tickets(eff);
    const ticket = await manager.ticket(key, eff.credentials!);
    try {
      return await call({ token: ticket.token, sign: ticket.sign, cuit: eff.cuit! });
    } catch (e) {
      if (!(e instanceof ArcaServiceError) || !e.has(ARCA_CODES.tokenInvalid)) throw e;
      // Another caller may already have renewed it: invalidate only the ticket that failed.
      const current = await this.ticketCache.get(key);
      if (current?.token === ticket.token) await manager.invalidate(key);
      const fresh = await manager.ticket(key, eff.credentials!);
      return call({ token: fresh.token, sign: fresh.sign, cuit: eff.cuit! });
    }
  }

  async close(): Promise<void> {
    await this.simulator?.close();
  }
}
