/** SOAP/XML helpers shared by the client and the simulator: ordered serialisation, parsing by local names. */
import { XMLParser } from 'fast-xml-parser';

export const SOAP_ENV = 'http://schemas.xmlsoap.org/soap/envelope/';
export const FEV1_NS = 'http://ar.gov.afip.dif.FEV1/';
export const WSAA_NS = 'http://wsaa.view.sua.dvadac.desein.afip.gov';

const ARRAYS = new Set(['Obs', 'Err', 'Evt', 'AlicIva', 'FECAEDetResponse', 'FECAEDetRequest', 'FECAEADetResponse', 'FECAEADetRequest', 'FECAEASinMov', 'Tributo', 'CbteAsoc', 'IvaTipo', 'CondicionIvaReceptor']);
/** Lists only inside ResultGet (the same names are plain fields elsewhere). */
const RESULT_ARRAYS = new Set(['CbteTipo', 'DocTipo']);

const parser = new XMLParser({
  removeNSPrefix: true,
  parseTagValue: false,
  ignoreAttributes: true,
  trimValues: true,
  isArray: (name, jpath) => ARRAYS.has(name) || (RESULT_ARRAYS.has(name) && String(jpath).endsWith(`ResultGet.${name}`)),
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type XmlNode = any;

export const parseXml = (xml: string): XmlNode => parser.parse(xml);

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A value to serialise: text, or an object whose key order is the element order; arrays repeat. */
export type XmlValue = string | number | XmlObject | XmlObject[];
export interface XmlObject {
  [name: string]: XmlValue | undefined;
}

export function toXml(obj: XmlObject): string {
  let out = '';
  for (const [name, value] of Object.entries(obj)) {
    if (value === undefined) continue;
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) {
      out += typeof item === 'object' ? `<${name}>${toXml(item)}</${name}>` : `<${name}>${escapeXml(String(item))}</${name}>`;
    }
  }
  return out;
}

/** The SOAP Body's first child, by local name. */
export function soapBody(doc: XmlNode): XmlNode {
  return doc?.Envelope?.Body ?? {};
}

/** "1.5" etc. Amounts travel with 2 decimals. */
export const amount = (cents: number): string => (cents / 100).toFixed(2);
