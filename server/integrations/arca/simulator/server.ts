/**
 * ARCA simulator: a loopback HTTP server speaking WSAA (POST /ws/services/LoginCms) and WSFEv1
 * (POST /wsfev1/service.asmx) like ARCA's homologation hosts. Tests control faults (reply lost after
 * the CAE was granted, delays, HTTP 500, Err 600, Err 501, a held reply) and read counters and the
 * ledger. CAEA operations live in caea-sim.ts; `faults.unreachable` makes the whole simulator drop every
 * connection (ARCA down) and `clock.today` fixes its calendar date for CAEA windows. It also serves the
 * taxpayer registry (padron/simulator.ts) on /sr-padron/webservices/personaServiceA5 and …A13; WSAA
 * issues tickets per (CUIT, service) for the services in `services` (a test may revoke one). Every CAE it grants is for demos and tests only: "Simulador ARCA — sin validez fiscal".
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IssuerTaxCondition } from '../../../../domain/invoicing/codes';
import { DEFAULT_IDENTIFICATION_THRESHOLD_CENTS } from '../../../../domain/invoicing/codes';
import { arcaDate } from '../../../../domain/invoicing/format';
import { parseXml, soapBody, type XmlNode } from '../xml';
import { caeaConsultar, caeaRegInformativo, caeaSinMovimientoConsultar, caeaSinMovimientoInformar, caeaSolicitar, type SimCaea, type SimSinMovimiento } from './caea-sim';
import { createPadronSimulator, type PadronSimulator } from '../padron/simulator';
import { PADRON_PATHS, PADRON_SERVICES } from '../padron/env';
import { handleLogin, ticketId, wsaaFault, type SimTicket } from './wsaa-sim';
import { consultar, errorsXml, solicitar, ultimoAutorizado, wsfeEnvelope, type LedgerEntry, type SimLedger } from './wsfe-sim';

export interface SimulatorFaults {
  /** Probability that a granted FECAESolicitar loses its reply (socket destroyed after the CAE is recorded). */
  lostReplyRate: number;
  /** Probability that a WSFEv1 call (not FEDummy) answers HTTP 500 before doing anything. */
  http500Rate: number;
  /** The next authenticated WSFEv1 call answers Err 600 (and the ticket is revoked). */
  err600Once: boolean;
  /** The next N WSFEv1 calls answer Err 501. */
  err501Count: number;
  /** Delay before each WSFEv1 reply, ms. */
  delayMs: number;
  /** When set, a granted FECAESolicitar waits for this promise before answering (crash tests). */
  holdAfterGrant: (() => Promise<void>) | null;
  /** While true every WSAA and WSFEv1 request is dropped without a reply (ARCA unreachable). */
  unreachable: boolean;
  /** Per operation, how many next replies are lost AFTER the operation took effect (e.g. FECAEARegInformativo: 1, FECAESolicitar: 2). */
  loseNextReply: Record<string, number>;
  /**
   * ResultGet fields FECompConsultar leaves out of its replies (e.g. ['CbtesAsoc']): ARCA's reply carries
   * them, a test double may not; recovery must not rest on one field (issue #31.9).
   */
  consultOmits: string[];
}

export interface SimulatorCounters {
  logins: number;
  /** Tickets issued per WSAA service. */
  loginsByService: Record<string, number>;
  loginFaults: number;
  caeRequests: number;
  granted: number;
  consults: number;
  lastAuthorized: number;
  lostReplies: number;
  http500: number;
  caeaRequests: number;
  caeaConsults: number;
  caeaReports: number;
  /** Comprobantes recorded by FECAEARegInformativo. */
  caeaRecorded: number;
  sinMovimiento: number;
  /** Requests dropped while unreachable. */
  dropped: number;
  /** Milliseconds spent inside the simulator's handlers, delays included (bench: server time = total − this). */
  busyMs: number;
}

export interface ArcaSimulatorOptions {
  caCertPem: string;
  /** Issuer condition per CUIT (default monotributo). */
  issuers?: Record<string, IssuerTaxCondition>;
  thresholdCents?: number;
  port?: number;
  /** Keeps the ledger and tickets in a JSON file (demo mode survives restarts). */
  stateFile?: string;
}

export interface ArcaSimulator {
  wsaaUrl: string;
  wsfeUrl: string;
  faults: SimulatorFaults;
  counters: SimulatorCounters;
  ledger: SimLedger;
  tickets: Map<string, SimTicket>;
  /** The WSAA services the certificate is authorised for (delete one to get coe.notAuthorized). */
  services: Set<string>;
  /** The taxpayer registry: its people, knobs and counters. */
  padron: PadronSimulator;
  /** getPersona_v2 (constancia) and A13 endpoints. */
  padronUrls: { constancia: string; a13: string };
  issuers: Record<string, IssuerTaxCondition>;
  /** The last request body received per operation (loginCms included), for fixture comparisons. */
  lastRequests: Map<string, string>;
  /** The ledger entries of a book, by number (index 0 = number 1); the live array (tests may add to it). */
  book: (cuit: string, ptoVta: number, cbteTipo: number) => LedgerEntry[];
  /** The simulator's calendar date (yyyymmdd) when set; otherwise today in Argentina. */
  clock: { today: string | null };
  close: () => Promise<void>;
}

const noFaults = (): SimulatorFaults => ({ lostReplyRate: 0, http500Rate: 0, err600Once: false, err501Count: 0, delayMs: 0, holdAfterGrant: null, unreachable: false, loseNextReply: {}, consultOmits: [] });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startArcaSimulator(options: ArcaSimulatorOptions): Promise<ArcaSimulator> {
  const ledger: SimLedger = { books: new Map(), caeCounter: 0, caeas: new Map(), caeaCounter: 0, sinMovimiento: [] };
  const tickets = new Map<string, SimTicket>();
  if (options.stateFile && existsSync(options.stateFile)) {
    const saved = JSON.parse(readFileSync(options.stateFile, 'utf8')) as {
      books: [string, LedgerEntry[]][];
      caeCounter: number;
      tickets: SimTicket[];
      caeas?: [string, SimCaea][];
      caeaCounter?: number;
      sinMovimiento?: SimSinMovimiento[];
    };
    for (const [k, v] of saved.books) ledger.books.set(k, v);
    ledger.caeCounter = saved.caeCounter;
    for (const [k, v] of saved.caeas ?? []) ledger.caeas.set(k, v);
    ledger.caeaCounter = saved.caeaCounter ?? 0;
    ledger.sinMovimiento.push(...(saved.sinMovimiento ?? []));
    for (const t of saved.tickets) tickets.set(ticketId(t.cuit, t.service), t);
  }
  const save = () => {
    if (options.stateFile) writeFileSync(options.stateFile, JSON.stringify({
          books: [...ledger.books],
          caeCounter: ledger.caeCounter,
          tickets: [...tickets.values()],
          caeas: [...ledger.caeas],
          caeaCounter: ledger.caeaCounter,
          sinMovimiento: ledger.sinMovimiento,
        }), { mode: 0o600 });
  };
  const faults = noFaults();
  const counters: SimulatorCounters = { logins: 0, loginsByService: {}, loginFaults: 0, caeRequests: 0, granted: 0, consults: 0, lastAuthorized: 0, lostReplies: 0, http500: 0, caeaRequests: 0, caeaConsults: 0, caeaReports: 0, caeaRecorded: 0, sinMovimiento: 0, dropped: 0, busyMs: 0 };
  const clock: { today: string | null } = { today: null };
  const today = () => clock.today ?? arcaDate(Date.now());
  const issuers = { ...(options.issuers ?? {}) };
  let wsaaUrl = '';
  const lastRequests = new Map<string, string>();
  const services = new Set<string>(['wsfe', PADRON_SERVICES.constancia, PADRON_SERVICES.a13]);
  const padron = createPadronSimulator(tickets);

  async function wsfe(body: string, res: http.ServerResponse): Promise<void> {
    let doc: XmlNode;
    try {
      doc = parseXml(body);
    } catch {
      return send(res, 500, wsaaFault('soap:Client', 'XML invalido').body);
    }
    const bodyNode = soapBody(doc);
    const op = Object.keys(bodyNode)[0] ?? '';
    const req = bodyNode[op] ?? {};
    lastRequests.set(op, body);
    if (faults.delayMs > 0) await sleep(faults.delayMs);
    if (op === 'FEDummy') return send(res, 200, wsfeEnvelope('FEDummy', { AppServer: 'OK', DbServer: 'OK', AuthServer: 'OK' }));
    if (faults.http500Rate > 0 && Math.random() < faults.http500Rate) {
      counters.http500 += 1;
      return send(res, 500, wsaaFault('soap:Server', 'Server was unable to process request.').body);
    }
    // The ticket is found by its token: a certificate may act for another CUIT (Auth.Cuit), as in ARCA.
    const cuit = String(req.Auth?.Cuit ?? '');
    const ticket = [...tickets.values()].find((t) => t.token === String(req.Auth?.Token ?? '') && (t.service ?? 'wsfe') === 'wsfe');
    if (faults.err600Once || !ticket || ticket.sign !== String(req.Auth?.Sign ?? '') || ticket.expiresAt < Date.now()) {
      if (faults.err600Once && ticket) tickets.delete(ticketId(ticket.cuit, ticket.service));
      faults.err600Once = false;
      return send(res, 200, wsfeEnvelope(op, errorsXml([{ code: 600, msg: 'ValidacionDeToken: No validaron las credenciales: token o firma invalidos o vencidos' }])));
    }
    if (faults.err501Count > 0) {
      faults.err501Count -= 1;
      return send(res, 200, wsfeEnvelope(op, errorsXml([{ code: 501, msg: 'Error interno de aplicacion' }])));
    }
    switch (op) {
      case 'FECAESolicitar': {
        counters.caeRequests += 1;
        const { body: reply, granted } = solicitar(ledger, req, { cuit, issuer: issuers[cuit] ?? 'monotributo', thresholdCents: options.thresholdCents ?? DEFAULT_IDENTIFICATION_THRESHOLD_CENTS });
        if (granted) {
          counters.granted += 1;
          save();
          if (faults.holdAfterGrant) await faults.holdAfterGrant();
          const loseNext = (faults.loseNextReply[op] ?? 0) > 0;
          if (loseNext) faults.loseNextReply[op] -= 1;
          if (loseNext || (faults.lostReplyRate > 0 && Math.random() < faults.lostReplyRate)) {
            counters.lostReplies += 1;
            res.socket?.destroy();
            return;
          }
        }
        return send(res, 200, reply);
      }
      case 'FECAEASolicitar':
        counters.caeaRequests += 1;
        return afterEffect(op, res, caeaSolicitar(ledger, req, cuit, today()));
      case 'FECAEAConsultar':
        counters.caeaConsults += 1;
        return send(res, 200, caeaConsultar(ledger, req, cuit));
      case 'FECAEARegInformativo': {
        counters.caeaReports += 1;
        const { body: reply, recorded } = caeaRegInformativo(ledger, req, { cuit, issuer: issuers[cuit] ?? 'monotributo', thresholdCents: options.thresholdCents ?? DEFAULT_IDENTIFICATION_THRESHOLD_CENTS });
        counters.caeaRecorded += recorded;
        return afterEffect(op, res, reply);
      }
      case 'FECAEASinMovimientoInformar': {
        const { body: reply, recorded } = caeaSinMovimientoInformar(ledger, req, cuit, today());
        if (recorded) counters.sinMovimiento += 1;
        return afterEffect(op, res, reply);
      }
      case 'FECAEASinMovimientoConsultar':
        return send(res, 200, caeaSinMovimientoConsultar(ledger, req, cuit));
      case 'FECompConsultar':
        counters.consults += 1;
        return send(res, 200, consultar(ledger, req, cuit, faults.consultOmits));
      case 'FECompUltimoAutorizado':
        counters.lastAuthorized += 1;
        return send(res, 200, ultimoAutorizado(ledger, req, cuit));
      case 'FEParamGetTiposCbte':
        return send(res, 200, wsfeEnvelope(op, { ResultGet: { CbteTipo: [[1, 'Factura A'], [6, 'Factura B'], [11, 'Factura C'], [3, 'Nota de Crédito A'], [8, 'Nota de Crédito B'], [13, 'Nota de Crédito C']].map(([Id, Desc]) => ({ Id, Desc, FchDesde: '20100917', FchHasta: 'NULL' })) } }));
      case 'FEParamGetTiposDoc':
        return send(res, 200, wsfeEnvelope(op, { ResultGet: { DocTipo: [[80, 'CUIT'], [86, 'CUIL'], [87, 'CDI'], [96, 'DNI'], [94, 'Pasaporte'], [99, 'Doc. (Otro)']].map(([Id, Desc]) => ({ Id, Desc, FchDesde: '20080725', FchHasta: 'NULL' })) } }));
      case 'FEParamGetCondicionIvaReceptor': {
        const clase = String(req.ClaseCmp ?? '');
        const a: [number, string][] = [[1, 'IVA Responsable Inscripto'], [6, 'Responsable Monotributo'], [13, 'Monotributista Social'], [16, 'Monotributo Trabajador Independiente Promovido']];
        const b: [number, string][] = [[4, 'IVA Sujeto Exento'], [5, 'Consumidor Final'], [7, 'Sujeto No Categorizado'], [8, 'Proveedor del Exterior'], [9, 'Cliente del Exterior'], [10, 'IVA Liberado – Ley N° 19.640'], [15, 'IVA No Alcanzado']];
        const list = clase === 'A' ? a : clase === 'B' ? b : clase === 'C' ? [...a, ...b] : [];
        return send(res, 200, wsfeEnvelope(op, { ResultGet: { CondicionIvaReceptor: list.map(([Id, Desc]) => ({ Id, Desc, Cmp_Clase: clase === 'C' ? 'A/M/C' : clase })) } }));
      }
      default:
        return send(res, 500, wsaaFault('soap:Client', `Operacion desconocida ${op}`).body);
    }
  }

  /** Saves what the operation changed, then answers, or loses the reply when the test asked for it. */
  function afterEffect(op: string, res: http.ServerResponse, body: string) {
    save();
    if ((faults.loseNextReply[op] ?? 0) > 0) {
      faults.loseNextReply[op] -= 1;
      counters.lostReplies += 1;
      res.socket?.destroy();
      return;
    }
    send(res, 200, body);
  }
  function send(res: http.ServerResponse, status: number, body: string) {
    res.writeHead(status, { 'content-type': 'text/xml; charset=utf-8' });
    res.end(body);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const started = performance.now();
      const body = Buffer.concat(chunks).toString('utf8');
      const done = () => (counters.busyMs += performance.now() - started);
      if (faults.unreachable) {
        counters.dropped += 1;
        req.socket.destroy();
        return done();
      }
      if (req.method === 'POST' && req.url?.startsWith('/ws/services/LoginCms')) {
        lastRequests.set('loginCms', body);
        const reply = handleLogin(body, options.caCertPem, tickets, wsaaUrl, services);
        if (reply.status === 200) {
          counters.logins += 1;
          const service = reply.service ?? '';
          counters.loginsByService[service] = (counters.loginsByService[service] ?? 0) + 1;
          save();
        } else counters.loginFaults += 1;
        send(res, reply.status, reply.body);
        return done();
      }
      if (req.method === 'POST' && req.url?.startsWith('/wsfev1/service.asmx')) {
        wsfe(body, res).then(done, (e: Error) => {
          done();
          if (!res.headersSent) send(res, 500, wsaaFault('soap:Server', e.message).body);
        });
        return;
      }
      const registry = req.method === 'POST' ? (req.url?.startsWith(PADRON_PATHS.constancia) ? 'constancia' : req.url?.startsWith(PADRON_PATHS.a13) ? 'a13' : null) : null;
      if (registry) {
        lastRequests.set(registry === 'constancia' ? 'getPersona_v2' : 'getIdPersonaListByDocumento', body);
        padron.handle(registry, body).then(
          (reply) => {
            done();
            if (!res.destroyed) send(res, reply.status, reply.body);
          },
          (e: Error) => {
            done();
            if (!res.headersSent) send(res, 500, wsaaFault('soap:Server', e.message).body);
          },
        );
        return;
      }
      send(res, 404, 'not found');
      done();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  wsaaUrl = `http://127.0.0.1:${port}/ws/services/LoginCms`;
  return {
    wsaaUrl,
    wsfeUrl: `http://127.0.0.1:${port}/wsfev1/service.asmx`,
    padronUrls: { constancia: `http://127.0.0.1:${port}${PADRON_PATHS.constancia}`, a13: `http://127.0.0.1:${port}${PADRON_PATHS.a13}` },
    services,
    padron,
    faults,
    counters,
    ledger,
    tickets,
    issuers,
    lastRequests,
    clock,
    book: (cuit, ptoVta, tipo) => {
      const key = `${cuit}|${ptoVta}|${tipo}`;
      if (!ledger.books.has(key)) ledger.books.set(key, []);
      return ledger.books.get(key)!;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
