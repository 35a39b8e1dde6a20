/**
 * Loopback simulator of ARCA's taxpayer registry, served by the ARCA simulator (simulator/server.ts) on
 * the real paths: ws_sr_constancia_inscripcion getPersona_v2 and ws_sr_padron_a13
 * getIdPersonaListByDocumento, with the recorded SOAP shapes (personaReturn{datosGenerales,
 * datosRegimenGeneral | datosMonotributo, errorConstancia, metadata}). It checks the WSAA ticket's token
 * and service like ARCA, answers an unknown person with the HTTP 500 fault "No existe persona con ese Id",
 * and tests turn knobs: a slow answer (`delayMs`), a SOAP fault, a refused ticket. For demos and tests
 * only: the seeded people are invented ("Simulador ARCA — sin validez fiscal").
 */
import { escapeXml, parseXml, toXml, type XmlNode, type XmlObject } from '../xml';
import type { SimTicket } from '../simulator/wsaa-sim';
import { PADRON_NS } from './client';
import { PADRON_SERVICES } from './env';

export interface SimTax {
  idImpuesto: number;
  descripcionImpuesto: string;
}

export interface SimPersona {
  idPersona: string;
  tipoPersona: 'FISICA' | 'JURIDICA';
  razonSocial?: string;
  apellido?: string;
  nombre?: string;
  estadoClave: string;
  /** The DNI A13 finds it by (people only). */
  dni?: string;
  domicilioFiscal: { codPostal: string; descripcionProvincia: string; direccion: string; idProvincia: number; localidad?: string };
  regimenGeneral?: SimTax[];
  monotributo?: { categoria: string; idCategoria: number; impuesto: SimTax[] };
  errorConstancia?: string[];
}

const CABA = { descripcionProvincia: 'CIUDAD AUTONOMA BUENOS AIRES', idProvincia: 0 };
const IVA: SimTax = { idImpuesto: 30, descripcionImpuesto: 'IVA' };
const GANANCIAS_SOC: SimTax = { idImpuesto: 10, descripcionImpuesto: 'GANANCIAS SOCIEDADES' };
const MONOTRIBUTO: SimTax = { idImpuesto: 20, descripcionImpuesto: 'MONOTRIBUTO' };

/** The people every simulator starts with (docs/registry.md lists them for the demo). */
export function seededPersonas(): SimPersona[] {
  return [
    {
      idPersona: '30712345671',
      tipoPersona: 'JURIDICA',
      razonSocial: 'FERRETERIA LOS ANDES SRL',
      estadoClave: 'ACTIVO',
      domicilioFiscal: { codPostal: '1043', direccion: 'AV CORRIENTES 1234 Piso:3 Dpto:B', ...CABA },
      regimenGeneral: [IVA, GANANCIAS_SOC],
    },
    {
      idPersona: '20123456786',
      tipoPersona: 'FISICA',
      apellido: 'PEREZ',
      nombre: 'JUAN CARLOS',
      estadoClave: 'ACTIVO',
      dni: '12345678',
      domicilioFiscal: { codPostal: '5000', direccion: 'SAN MARTIN 456', localidad: 'CORDOBA', descripcionProvincia: 'CORDOBA', idProvincia: 3 },
      monotributo: { categoria: 'D VENTAS DE COSAS MUEBLES', idCategoria: 24, impuesto: [MONOTRIBUTO] },
    },
    {
      idPersona: '30500000003',
      tipoPersona: 'JURIDICA',
      razonSocial: 'ASOCIACION CIVIL CLUB SOCIAL Y DEPORTIVO VILLA ROSA',
      estadoClave: 'ACTIVO',
      domicilioFiscal: { codPostal: '1629', direccion: 'BELGRANO 789', localidad: 'PILAR', descripcionProvincia: 'BUENOS AIRES', idProvincia: 1 },
      regimenGeneral: [{ idImpuesto: 32, descripcionImpuesto: 'IVA EXENTO' }],
    },
    {
      idPersona: '27234567891',
      tipoPersona: 'FISICA',
      apellido: 'GOMEZ',
      nombre: 'MARIA LAURA',
      estadoClave: 'ACTIVO',
      dni: '23456789',
      domicilioFiscal: { codPostal: '2000', direccion: 'CORDOBA 1500', localidad: 'ROSARIO', descripcionProvincia: 'SANTA FE', idProvincia: 12 },
    },
    {
      idPersona: '27112233445',
      tipoPersona: 'FISICA',
      apellido: 'FERNANDEZ',
      nombre: 'ROSA',
      estadoClave: 'ACTIVO',
      dni: '11223344',
      domicilioFiscal: { codPostal: '4000', direccion: 'MAIPU 210', localidad: 'SAN MIGUEL DE TUCUMAN', descripcionProvincia: 'TUCUMAN', idProvincia: 24 },
      monotributo: { categoria: 'A MONOTRIBUTO SOCIAL', idCategoria: 1, impuesto: [MONOTRIBUTO] },
    },
    {
      idPersona: '20301112220',
      tipoPersona: 'FISICA',
      apellido: 'DIAZ',
      nombre: 'PABLO',
      estadoClave: 'INACTIVO',
      dni: '30111222',
      domicilioFiscal: { codPostal: '1406', direccion: 'RIVADAVIA 6000', ...CABA },
    },
    {
      idPersona: '30588888882',
      tipoPersona: 'JURIDICA',
      razonSocial: 'DISTRIBUIDORA DEL SUR SA',
      estadoClave: 'ACTIVO',
      domicilioFiscal: { codPostal: '8000', direccion: 'ALSINA 55', localidad: 'BAHIA BLANCA', descripcionProvincia: 'BUENOS AIRES', idProvincia: 1 },
      regimenGeneral: [IVA],
      errorConstancia: ['El domicilio fiscal declarado no ha sido constatado'],
    },
  ];
}

export interface PadronSimKnobs {
  /** Wait before each registry reply, ms (a slow or hung registry). */
  delayMs: number;
  /** The next N registry calls answer this SOAP fault (HTTP 500). */
  fault: { faultstring: string; count: number } | null;
  /** The next registry call refuses its ticket ("token vencido"), as ARCA does for a revoked or expired one. */
  rejectTicketOnce: boolean;
}

export interface PadronSimCounters {
  /** getPersona_v2 calls received, and A13 calls. */
  constancia: number;
  a13: number;
  /** Calls refused for their ticket. */
  ticketFaults: number;
}

export interface PadronSimulator {
  personas: Map<string, SimPersona>;
  knobs: PadronSimKnobs;
  counters: PadronSimCounters;
  handle: (service: 'constancia' | 'a13', body: string) => Promise<{ status: number; body: string }>;
}

const ENV_OPEN = '<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>';
const ENV_CLOSE = '</soap:Body></soap:Envelope>';

export function padronFault(service: 'constancia' | 'a13', faultstring: string, validation: boolean): { status: number; body: string } {
  const detail = validation ? `<detail><ns2:SRValidationException xmlns:ns2="${PADRON_NS[service]}"/></detail>` : '';
  return { status: 500, body: `${ENV_OPEN}<soap:Fault><faultcode>soap:Server</faultcode><faultstring>${escapeXml(faultstring)}</faultstring>${detail}</soap:Fault>${ENV_CLOSE}` };
}

const reply = (service: 'constancia' | 'a13', op: string, content: XmlObject) => ({
  status: 200,
  body: `${ENV_OPEN}<ns2:${op}Response xmlns:ns2="${PADRON_NS[service]}">${toXml(content)}</ns2:${op}Response>${ENV_CLOSE}`,
});

const metadata = () => ({ fechaHora: new Date().toISOString().replace('Z', '-03:00'), servidor: 'simulador' });

/** toXml repeats an element per array item, text items included (its type only names object lists). */
const strings = (list: string[]) => list as unknown as XmlObject[];

function personaReturn(p: SimPersona): XmlObject {
  const general: XmlObject = {};
  if (p.apellido) general.apellido = p.apellido;
  general.domicilioFiscal = { codPostal: p.domicilioFiscal.codPostal, descripcionProvincia: p.domicilioFiscal.descripcionProvincia, direccion: p.domicilioFiscal.direccion, idProvincia: p.domicilioFiscal.idProvincia, ...(p.domicilioFiscal.localidad ? { localidad: p.domicilioFiscal.localidad } : {}), tipoDomicilio: 'FISCAL' };
  general.estadoClave = p.estadoClave;
  general.idPersona = p.idPersona;
  general.mesCierre = 12;
  if (p.nombre) general.nombre = p.nombre;
  if (p.razonSocial) general.razonSocial = p.razonSocial;
  general.tipoClave = 'CUIT';
  general.tipoPersona = p.tipoPersona;
  const out: XmlObject = { datosGenerales: general };
  if (p.monotributo) {
    out.datosMonotributo = {
      categoriaMonotributo: { descripcionCategoria: p.monotributo.categoria, idCategoria: p.monotributo.idCategoria, idImpuesto: 20, periodo: 202601 },
      impuesto: p.monotributo.impuesto.map((t) => ({ ...t, periodo: 202001 })),
    };
  } else out.errorMonotributo = { error: 'No cumple con las condiciones para enviar datos del monotributo', mensaje: 'No cumple con las condiciones para enviar datos del monotributo' };
  if (p.regimenGeneral?.length) out.datosRegimenGeneral = { impuesto: p.regimenGeneral.map((t) => ({ ...t, periodo: 201001 })) };
  else out.errorRegimenGeneral = { error: 'No cumple con las condiciones para enviar datos del regimen general', mensaje: 'No cumple con las condiciones para enviar datos del regimen general' };
  if (p.errorConstancia?.length) out.errorConstancia = { apellido: p.apellido ?? p.razonSocial ?? '', error: strings(p.errorConstancia), idPersona: p.idPersona };
  out.metadata = metadata();
  return out;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createPadronSimulator(tickets: Map<string, SimTicket>): PadronSimulator {
  const personas = new Map(seededPersonas().map((p) => [p.idPersona, p]));
  const knobs: PadronSimKnobs = { delayMs: 0, fault: null, rejectTicketOnce: false };
  const counters: PadronSimCounters = { constancia: 0, a13: 0, ticketFaults: 0 };

  async function handle(service: 'constancia' | 'a13', body: string) {
    counters[service] += 1;
    // The knobs apply to the calls received after they were set: decided on arrival, before any delay.
    const fault = knobs.fault && knobs.fault.count > 0 ? knobs.fault.faultstring : null;
    if (knobs.fault && (knobs.fault.count -= 1) <= 0) knobs.fault = null;
    const rejectTicket = knobs.rejectTicketOnce;
    knobs.rejectTicketOnce = false;
    if (knobs.delayMs > 0) await sleep(knobs.delayMs);
    let doc: XmlNode;
    try {
      doc = parseXml(body);
    } catch {
      return padronFault(service, 'Unmarshalling Error: XML invalido', false);
    }
    const bodyNode = doc?.Envelope?.Body ?? {};
    const op = Object.keys(bodyNode)[0] ?? '';
    const req = bodyNode[op] ?? {};
    const expected = service === 'constancia' ? 'getPersona_v2' : 'getIdPersonaListByDocumento';
    if (op !== expected) return padronFault(service, `Cannot find dispatch method for {${PADRON_NS[service]}}${op}`, false);
    if (fault) return padronFault(service, fault, false);
    const wanted = PADRON_SERVICES[service];
    const ticket = [...tickets.values()].find((t) => t.token === String(req.token ?? ''));
    if (rejectTicket || !ticket || (ticket.service ?? 'wsfe') !== wanted || ticket.sign !== String(req.sign ?? '') || ticket.expiresAt < Date.now()) {
      counters.ticketFaults += 1;
      return padronFault(service, 'Error de autenticacion: token o sign invalidos o vencidos para el servicio solicitado', false);
    }
    if (!/^\d{11}$/.test(String(req.cuitRepresentada ?? ''))) return padronFault(service, 'El cuitRepresentada es invalido', true);
    if (service === 'a13') {
      const dni = String(req.documento ?? '').replace(/^0+/, '');
      const found = [...personas.values()].filter((p) => p.dni === dni).map((p) => p.idPersona);
      if (found.length === 0) return padronFault(service, 'No existe persona con ese Id', true);
      return reply(service, 'getIdPersonaListByDocumento', { idPersonaListReturn: { idPersona: strings(found), metadata: metadata() } });
    }
    const persona = personas.get(String(req.idPersona ?? ''));
    if (!persona) return padronFault(service, 'No existe persona con ese Id', true);
    return reply(service, 'getPersona_v2', { personaReturn: personaReturn(persona) });
  }

  return { personas, knobs, counters, handle };
}
