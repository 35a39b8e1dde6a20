/**
 * HTTP transport for ARCA. ARCA's production hosts still negotiate a DH key OpenSSL 3 refuses at its
 * default security level, so those hosts — and only those — get an agent with SECLEVEL=1
 * (docs/reference/arca-wsfe.md "Production TLS trap"). Every request has a timeout; no reply, a reset or an HTTP 5xx without a SOAP
 * body is an ArcaTransportError (outcome unknown).
 */
import http from 'node:http';
import https from 'node:https';
import { ArcaTransportError } from './errors';

/** aws.afip.gov.ar serves the registry (padrón); it is treated like the other production hosts. */
export const ARCA_PRODUCTION_HOSTS = ['wsaa.afip.gov.ar', 'servicios1.afip.gov.ar', 'aws.afip.gov.ar'] as const;

export const legacyTlsAgent = new https.Agent({ keepAlive: true, ciphers: 'DEFAULT@SECLEVEL=1', minDHSize: 512 } as https.AgentOptions);
const httpsAgent = new https.Agent({ keepAlive: true });
const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** The agent for an ARCA URL: the legacy-TLS one only for ARCA's production hosts. */
export function agentFor(url: URL): http.Agent {
  if (url.protocol === 'http:') return httpAgent;
  return (ARCA_PRODUCTION_HOSTS as readonly string[]).includes(url.hostname) ? legacyTlsAgent : httpsAgent;
}

export interface SoapReply {
  status: number;
  body: string;
}

export function postSoap(urlText: string, body: string, soapAction: string, timeoutMs: number): Promise<SoapReply> {
  const url = new URL(urlText);
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    let timedOut = false;
    const req = lib.request(
      url,
      {
        method: 'POST',
        agent: agentFor(url),
        headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${soapAction}"`, 'content-length': Buffer.byteLength(body) },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (e) => reject(new ArcaTransportError(`Respuesta interrumpida de ARCA: ${e.message}`)));
      },
    );
    req.on('timeout', () => {
      timedOut = true;
      req.destroy(new Error(`sin respuesta en ${timeoutMs} ms`));
    });
    req.on('error', (e) => reject(new ArcaTransportError(`No se pudo comunicar con ARCA: ${e.message}`, undefined, timedOut)));
    req.end(body);
  });
}
