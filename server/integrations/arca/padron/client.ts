/**
 * Client of ARCA's taxpayer registry (docs/registry.md): `ws_sr_constancia_inscripcion` getPersona_v2
 * (tax data and fiscal address of a CUIT) and `ws_sr_padron_a13` getIdPersonaListByDocumento (the CUITs of
 * a DNI). SOAP 1.1, the operation element in the service's namespace, children unqualified, as in the
 * recorded homologation traffic (pyafipws tests/cassettes/test_ws_sr_padron). Each service has its own
 * WSAA ticket; this client only sends what it is given and classifies the answer. A person ARCA does not
 * know comes back as an HTTP 500 SOAP fault "No existe persona con ese Id" (SRValidationException).
 */
import { XMLParser } from 'fast-xml-parser';
import { ArcaSoapFault, ArcaTransportError } from '../errors';
import { postSoap } from '../http';
import { soapFaultOf } from '../wsaa';
import { escapeXml, type XmlNode } from '../xml';
import { ivaConditionFromRegistry, ivaConditionLabel, formatRegistryAddress, registryName } from '../../../../domain/registry';
import type { CondicionIvaReceptor } from '../../../../domain/invoicing/codes';
import { formatCuit } from '../../../../domain/cuit';
import { registryError, RegistryError } from './errors';

export const PADRON_NS = { constancia: 'http://a5.soap.ws.server.puc.sr/', a13: 'http://a13.soap.ws.server.puc.sr/' } as const;

export interface PadronAuth {
  token: string;
  sign: string;
  /** The CUIT the query is made for (the certificate owner or whom it represents). */
  cuitRepresentada: string;
}

/** What the counter needs of a person: never the raw reply. */
export interface RegistryPersona {
  cuit: string;
  name: string;
  personType: 'FISICA' | 'JURIDICA' | null;
  /** null when ARCA's constancia came with errors (a tax block may be missing): chosen by hand then. */
  ivaConditionId: CondicionIvaReceptor | null;
  ivaConditionLabel: string | null;
  /** Domicilio fiscal, one line ('' when ARCA gives none). */
  address: string;
  /** ARCA's observations (errorConstancia), in its words. */
  warnings: string[];
}

const ARRAYS = new Set(['impuesto', 'actividad', 'error', 'idPersona', 'domicilio', 'categoriaMonotributo', 'caracterizacion', 'dependencia', 'relacion', 'regimen']);
const parser = new XMLParser({
  removeNSPrefix: true,
  parseTagValue: false,
  ignoreAttributes: true,
  trimValues: true,
  isArray: (name, jpath) => ARRAYS.has(name) && !String(jpath).endsWith('datosGenerales.idPersona') && !String(jpath).endsWith('errorConstancia.idPersona'),
});
const parse = (xml: string): XmlNode => parser.parse(xml);

export function padronEnvelope(service: 'constancia' | 'a13', op: string, fields: [string, string][]): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ser="${PADRON_NS[service]}">` +
    `<soapenv:Header/><soapenv:Body><ser:${op}>${fields.map(([k, v]) => `<${k}>${escapeXml(v)}</${k}>`).join('')}</ser:${op}></soapenv:Body></soapenv:Envelope>`
  );
}

/** The registry's SOAP faults that mean the ticket was refused (expired, wrong service): worth one new login. */
export const isTicketFault = (fault: ArcaSoapFault): boolean => /token|sign\b|firma|autentica/i.test(fault.faultstring);
const isNotFoundFault = (fault: ArcaSoapFault, body: string): boolean =>
  /no existe persona/i.test(fault.faultstring) || (/SRValidationException/.test(body) && /no existe|inexistente/i.test(fault.faultstring));

export class PadronClient {
  constructor(
    private readonly urls: { constancia: string; a13: string },
    private readonly timeoutMs: number,
  ) {}

  private async call(service: 'constancia' | 'a13', op: string, fields: [string, string][], what: string): Promise<XmlNode> {
    let reply;
    try {
      reply = await postSoap(this.urls[service], padronEnvelope(service, op, fields), '', this.timeoutMs);
    } catch (e) {
      if (e instanceof ArcaTransportError) throw e.timedOut ? registryError.timeout(e.message) : registryError.unreachable(e.message);
      throw e;
    }
    const fault = soapFaultOf(reply.body, reply.status);
    if (fault) {
      if (isNotFoundFault(fault, reply.body)) throw registryError.notFound(what, fault.faultstring);
      throw fault; // the caller tells a ticket fault (one new login) from the rest
    }
    if (reply.status !== 200) throw registryError.unreachable(`HTTP ${reply.status}`);
    let doc: XmlNode;
    try {
      doc = parse(reply.body);
    } catch {
      throw registryError.badReply('XML ilegible');
    }
    const result = doc?.Envelope?.Body?.[`${op}Response`];
    if (!result) throw registryError.badReply(`sin ${op}Response`);
    return result;
  }

  /** getPersona_v2: the person of a CUIT, mapped. Throws RegistryError (not found, inactive, …) or ArcaSoapFault. */
  async persona(auth: PadronAuth, cuit: string): Promise<RegistryPersona> {
    const what = `el CUIT ${formatCuit(cuit)}`;
    const result = await this.call('constancia', 'getPersona_v2', [['token', auth.token], ['sign', auth.sign], ['cuitRepresentada', auth.cuitRepresentada], ['idPersona', cuit]], what);
    const persona = result.personaReturn;
    if (!persona || typeof persona !== 'object') throw registryError.badReply('sin personaReturn');
    return personaFromReply(persona, cuit);
  }

  /** getIdPersonaListByDocumento (A13): the CUITs of a DNI, in ARCA's order ([] → not found). */
  async cuitsForDni(auth: PadronAuth, dni: string): Promise<string[]> {
    const result = await this.call('a13', 'getIdPersonaListByDocumento', [['token', auth.token], ['sign', auth.sign], ['cuitRepresentada', auth.cuitRepresentada], ['documento', dni]], `el DNI ${dni}`);
    const list = result.idPersonaListReturn?.idPersona;
    const cuits = (Array.isArray(list) ? list : []).map((v: unknown) => String(v).trim()).filter((v: string) => /^\d{11}$/.test(v));
    if (cuits.length === 0) throw registryError.notFound(`el DNI ${dni}`);
    return cuits;
  }
}

const texts = (node: XmlNode): string[] => (Array.isArray(node) ? node : node === undefined || node === null || node === '' ? [] : [node]).map((v) => String(typeof v === 'object' ? JSON.stringify(v) : v));

/** personaReturn → RegistryPersona (pure: the rules are domain/registry.ts). */
export function personaFromReply(persona: XmlNode, askedCuit: string): RegistryPersona {
  const general = persona.datosGenerales;
  const errors = texts(persona.errorConstancia?.error);
  if (!general || typeof general !== 'object') {
    if (errors.some((e) => /no existe/i.test(e))) throw registryError.notFound(`el CUIT ${formatCuit(askedCuit)}`, errors.join('; '));
    throw registryError.fault(errors.join('; ') || 'constancia sin datos generales');
  }
  const cuit = String(general.idPersona ?? askedCuit).trim();
  const state = String(general.estadoClave ?? '').trim();
  if (state && state.toUpperCase() !== 'ACTIVO') throw registryError.inactive(formatCuit(cuit), state);
  const taxes = [...(persona.datosRegimenGeneral?.impuesto ?? []), ...(persona.datosMonotributo?.impuesto ?? [])] as XmlNode[];
  const category = (persona.datosMonotributo?.categoriaMonotributo as XmlNode[] | undefined)?.[0];
  const ivaConditionId =
    errors.length > 0 ? null : ivaConditionFromRegistry({ taxIds: taxes.map((t) => Number(t.idImpuesto)).filter(Number.isFinite), monotributoCategory: category ? String(category.descripcionCategoria ?? '') : null });
  const personType = general.tipoPersona === 'FISICA' || general.tipoPersona === 'JURIDICA' ? (general.tipoPersona as 'FISICA' | 'JURIDICA') : null;
  return {
    cuit,
    name: registryName(general),
    personType,
    ivaConditionId,
    ivaConditionLabel: ivaConditionId === null ? null : ivaConditionLabel(ivaConditionId),
    address: formatRegistryAddress(general.domicilioFiscal),
    warnings: errors,
  };
}

export { RegistryError };
