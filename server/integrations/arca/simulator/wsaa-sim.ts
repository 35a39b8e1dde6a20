/**
 * Simulated WSAA: verifies the CMS against the test CA, checks the TRA (a service the certificate is
 * authorised for: wsfe and the registry's ws_sr_constancia_inscripcion / ws_sr_padron_a13 unless a test
 * revokes one; times with an offset, the window around now), and answers a 12-hour ticket for that service —
 * or the SOAP fault coe.alreadyAuthenticated while the certificate's CUIT already holds a valid one for it.
 */
import { randomBytes } from 'node:crypto';
import { parseXml, soapBody, escapeXml } from '../xml';
import { verifyCms } from './cms-verify';

export interface SimTicket {
  cuit: string;
  /** The WSAA service the ticket is for (tickets saved before it existed are wsfe's). */
  service?: string;
  token: string;
  sign: string;
  expiresAt: number;
}

export interface WsaaReply {
  status: number;
  body: string;
  /** The service a ticket was issued for (200 only). */
  service?: string;
}

/** Tickets are kept per (CUIT, service), as WSAA issues them. */
export const ticketId = (cuit: string, service = 'wsfe'): string => (service === 'wsfe' ? cuit : `${cuit}|${service}`);

export const wsaaFault = (code: string, text: string): WsaaReply => ({
  status: 500,
  body:
    '<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<soapenv:Body><soapenv:Fault><faultcode xmlns:ns1="http://xml.apache.org/axis/">ns1:${code}</faultcode><faultstring>${escapeXml(text)}</faultstring>` +
    '<detail><ns2:exceptionName xmlns:ns2="http://xml.apache.org/axis/">gov.afip.desein.dvadac.sua.view.wsaa.LoginFault</ns2:exceptionName></detail></soapenv:Fault></soapenv:Body></soapenv:Envelope>',
});

const isoOffset = (ms: number) => new Date(ms - 3 * 3600_000).toISOString().replace('Z', '-03:00');

export function handleLogin(xml: string, caCertPem: string, tickets: Map<string, SimTicket>, wsaaUrl: string, services: ReadonlySet<string> = new Set(['wsfe'])): WsaaReply {
  let in0: string;
  try {
    in0 = String(soapBody(parseXml(xml)).loginCms?.in0 ?? '');
  } catch {
    return wsaaFault('xml.bad', 'No se pudo interpretar el XML');
  }
  let verified;
  try {
    verified = verifyCms(in0, caCertPem);
  } catch (e) {
    return wsaaFault((e as Error).message, 'El CMS no es valido o no esta firmado por un certificado de confianza');
  }
  const tra = parseXml(verified.content)?.loginTicketRequest;
  const gen = String(tra?.header?.generationTime ?? '');
  const exp = String(tra?.header?.expirationTime ?? '');
  const hasOffset = (s: string) => /(Z|[+-]\d{2}:\d{2})$/.test(s);
  if (!hasOffset(gen) || !hasOffset(exp) || Date.parse(gen) > Date.now() + 60_000 || Date.parse(exp) < Date.now()) {
    return wsaaFault('xml.generationTime.invalid', 'generationTime o expirationTime invalidos');
  }
  const service = String(tra?.service ?? '');
  if (!services.has(service)) return wsaaFault('coe.notAuthorized', 'Computador no autorizado a acceder al servicio');
  const current = tickets.get(ticketId(verified.cuit, service));
  if (current && current.expiresAt > Date.now()) {
    return wsaaFault('coe.alreadyAuthenticated', 'El CEE ya posee un TA valido para el acceso al WSN solicitado');
  }
  const now = Date.now();
  const ticket: SimTicket = {
    cuit: verified.cuit,
    service,
    token: Buffer.from(`<sso version="2.0"><id unique_id="${randomBytes(4).readUInt32BE()}" gen_time="${Math.floor(now / 1000)}"/><login entity="33693450239" service="${escapeXml(service)}" cuit="${verified.cuit}"/></sso>`).toString('base64'),
    sign: randomBytes(96).toString('base64'),
    expiresAt: now + 12 * 3600_000,
  };
  tickets.set(ticketId(verified.cuit, service), ticket);
  const ta =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<loginTicketResponse version="1.0">\n    <header>\n' +
    '        <source>CN=wsaahomo, O=AFIP, C=AR, SERIALNUMBER=CUIT 33693450239</source>\n' +
    `        <destination>SERIALNUMBER=CUIT ${verified.cuit}</destination>\n        <uniqueId>${randomBytes(4).readUInt32BE()}</uniqueId>\n` +
    `        <generationTime>${isoOffset(now)}</generationTime>\n        <expirationTime>${isoOffset(ticket.expiresAt)}</expirationTime>\n    </header>\n` +
    `    <credentials>\n        <token>${ticket.token}</token>\n        <sign>${ticket.sign}</sign>\n    </credentials>\n</loginTicketResponse>\n`;
  return {
    status: 200,
    service,
    body:
      '<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
      `<soapenv:Body><loginCmsResponse xmlns="${escapeXml(wsaaUrl)}"><loginCmsReturn>${escapeXml(ta)}</loginCmsReturn></loginCmsResponse></soapenv:Body></soapenv:Envelope>`,
  };
}
