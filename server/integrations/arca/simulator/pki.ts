/**
 * A throw-away PKI for the simulator: a CA that plays "ARCA's computadores CA" and a taxpayer
 * certificate (serialNumber "CUIT <n>") signed by it. Keys come from node:crypto (fast, native); the
 * certificates are built with node-forge. Used by tests and by the demo; never for real invoicing.
 */
import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

export interface TestPki {
  caCertPem: string;
  certPem: string;
  keyPem: string;
}

function keyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

function certificate(subject: forge.pki.CertificateField[], issuer: forge.pki.CertificateField[], publicPem: string, signerPem: string, serial: string, ca: boolean) {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicPem);
  cert.serialNumber = serial;
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600_000);
  cert.validity.notAfter = new Date(Date.now() + 2 * 365 * 24 * 3600_000);
  cert.setSubject(subject);
  cert.setIssuer(issuer);
  cert.setExtensions([{ name: 'basicConstraints', cA: ca }]);
  cert.sign(forge.pki.privateKeyFromPem(signerPem), forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

export function createTestPki(cuit: string): TestPki {
  const ca = keyPair();
  const user = keyPair();
  const caName = [{ name: 'commonName', value: 'Computadores Test (Simulador ARCA)' }, { name: 'organizationName', value: 'Simulador ARCA' }, { name: 'countryName', value: 'AR' }];
  const userName = [{ name: 'commonName', value: `mostrador-${cuit}` }, { type: '2.5.4.5', value: `CUIT ${cuit}` }];
  return {
    caCertPem: certificate(caName, caName, ca.publicPem, ca.privatePem, '01', true),
    certPem: certificate(userName, caName, user.publicPem, ca.privatePem, '1a2b3c', false),
    keyPem: user.privatePem,
  };
}
