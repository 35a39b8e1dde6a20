/**
 * WSAA login: a TRA (loginTicketRequest) signed as CMS SignedData (SHA-256, content attached, signer
 * certificate included, authenticated attributes contentType/messageDigest/signingTime) sent to
 * loginCms. The reply's loginCmsReturn is an escaped XML document: parsed a second time.
 */
import forge from 'node-forge';
import { ArcaSoapFault, ArcaTransportError } from './errors';
import { postSoap } from './http';
import { WSAA_NS, escapeXml, parseXml, soapBody } from './xml';
import type { ArcaCredentials } from './credentials';

export interface AccessTicket {
  token: string;
  sign: string;
  generationTime: string;
  expirationTime: string;
}

const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

export function buildTra(service: string, nowMs: number): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?><loginTicketRequest version="1.0"><header>' +
    `<uniqueId>${Math.floor(nowMs / 1000) >>> 0}</uniqueId>` +
    `<generationTime>${isoSeconds(nowMs - 10 * 60_000)}</generationTime>` +
    `<expirationTime>${isoSeconds(nowMs + 10 * 60_000)}</expirationTime>` +
    `</header><service>${escapeXml(service)}</service></loginTicketRequest>`
  );
}

/** CMS SignedData of the TRA as base64 DER (no PEM headers). */
export function signTra(tra: string, credentials: ArcaCredentials): string {
  const p7 = forge.pkcs7.createSignedData();
  p7.content = forge.util.createBuffer(tra, 'utf8');
  const cert = forge.pki.certificateFromPem(credentials.certPem);
  p7.addCertificate(cert);
  p7.addSigner({
    key: forge.pki.privateKeyFromPem(credentials.keyPem),
    certificate: cert,
    digestAlgorithm: forge.pki.oids.sha256,
    authenticatedAttributes: [
      { type: forge.pki.oids.contentType, value: forge.pki.oids.data },
      { type: forge.pki.oids.messageDigest },
      { type: forge.pki.oids.signingTime, value: new Date() as unknown as string },
    ],
  });
  p7.sign();
  return forge.util.encode64(forge.asn1.toDer(p7.toAsn1()).getBytes());
}

export function loginEnvelope(cms: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:wsaa="${WSAA_NS}">` +
    `<soapenv:Header/><soapenv:Body><wsaa:loginCms><wsaa:in0>${cms}</wsaa:in0></wsaa:loginCms></soapenv:Body></soapenv:Envelope>`
  );
}

/** Parses a SOAP fault if the document has one. */
export function soapFaultOf(xml: string, status: number): ArcaSoapFault | null {
  let doc;
  try {
    doc = parseXml(xml);
  } catch {
    return null;
  }
  const fault = soapBody(doc).Fault;
  return fault ? new ArcaSoapFault(String(fault.faultcode ?? ''), String(fault.faultstring ?? ''), status) : null;
}

export async function loginCms(url: string, service: string, credentials: ArcaCredentials, timeoutMs: number): Promise<AccessTicket> {
  const cms = signTra(buildTra(service, Date.now()), credentials);
  const reply = await postSoap(url, loginEnvelope(cms), '', timeoutMs);
  const fault = soapFaultOf(reply.body, reply.status);
  if (fault) throw fault;
  if (reply.status !== 200) throw new ArcaTransportError(`WSAA respondió HTTP ${reply.status}`, reply.status);
  const ret = soapBody(parseXml(reply.body)).loginCmsResponse?.loginCmsReturn;
  if (typeof ret !== 'string') throw new ArcaTransportError('Respuesta de WSAA sin loginCmsReturn');
  // The ticket XML is parsed again; token and sign are kept byte-exact.
  const ta = parseXml(ret).loginTicketResponse;
  const token = /<token>([^<]*)<\/token>/.exec(ret)?.[1];
  const sign = /<sign>([^<]*)<\/sign>/.exec(ret)?.[1];
  if (!ta?.header || !token || !sign) throw new ArcaTransportError('Ticket de acceso de WSAA ilegible');
  return { token, sign, generationTime: String(ta.header.generationTime), expirationTime: String(ta.header.expirationTime) };
}
