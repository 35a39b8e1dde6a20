/** The taxpayer's certificate and private key (PEM). Only their fingerprint and public data ever leave. */
import { X509Certificate, createPrivateKey, createPublicKey } from 'node:crypto';

export interface ArcaCredentials {
  certPem: string;
  keyPem: string;
  /** SHA-256 fingerprint of the certificate (hex, no colons): part of the ticket cache key. */
  fingerprint: string;
  /** The CUIT in the certificate's subject (serialNumber "CUIT n"): the ticket is that taxpayer's. */
  subjectCuit: string | null;
}

export interface CertificateInfo {
  subject: string;
  issuer: string;
  notBefore: string;
  notAfter: string;
  fingerprint: string;
}

export function certificateInfo(certPem: string): CertificateInfo {
  const cert = new X509Certificate(certPem);
  return {
    subject: cert.subject.replace(/\n/g, ', '),
    issuer: cert.issuer.replace(/\n/g, ', '),
    notBefore: new Date(cert.validFrom).toISOString(),
    notAfter: new Date(cert.validTo).toISOString(),
    fingerprint: cert.fingerprint256.replace(/:/g, '').toLowerCase(),
  };
}

/** Parses and checks that the key belongs to the certificate; throws Error('mismatch' | 'invalid'). */
export function loadCredentials(certPem: string, keyPem: string): ArcaCredentials {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(certPem);
    createPrivateKey(keyPem);
  } catch {
    throw new Error('invalid');
  }
  const fromKey = createPublicKey(keyPem).export({ type: 'spki', format: 'der' });
  const fromCert = cert.publicKey.export({ type: 'spki', format: 'der' });
  if (!fromKey.equals(fromCert)) throw new Error('mismatch');
  return { certPem, keyPem, fingerprint: cert.fingerprint256.replace(/:/g, '').toLowerCase(), subjectCuit: /CUIT (\d{11})/.exec(cert.subject)?.[1] ?? null };
}
