/**
 * Test-only TLS material made with node-forge at run time: a CA, and a certificate for localhost and
 * 127.0.0.1 that it signs, written as PEM files; plus the leaf's SPKI hash, which Chromium accepts in
 * `--ignore-certificate-errors-spki-list` to trust exactly this certificate and nothing else.
 */
import forge from 'node-forge';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

export interface TestTls {
  certFile: string;
  keyFile: string;
  caFile: string;
  caPem: string;
  spkiSha256: string;
}

function certificate(subjectCn: string, publicKey: forge.pki.PublicKey, serial: string): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = serial;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 7 * 86_400_000);
  cert.setSubject([{ name: 'commonName', value: subjectCn }]);
  return cert;
}

/** RSA keys made by Node (native, fast) and handed to forge. */
function rsaKeys(): { publicKey: forge.pki.rsa.PublicKey; privateKey: forge.pki.rsa.PrivateKey } {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
  const forgeKey = forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey;
  return { privateKey: forgeKey, publicKey: forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e) };
}

export function makeTestTls(dir: string): TestTls {
  const caKeys = rsaKeys();
  const ca = certificate('Mostrador CA de prueba', caKeys.publicKey, '01');
  ca.setIssuer(ca.subject.attributes);
  ca.setExtensions([{ name: 'basicConstraints', cA: true }, { name: 'keyUsage', keyCertSign: true, cRLSign: true }]);
  ca.sign(caKeys.privateKey, forge.md.sha256.create());

  const keys = rsaKeys();
  const leaf = certificate('localhost', keys.publicKey, '02');
  leaf.setIssuer(ca.subject.attributes);
  leaf.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }] },
  ]);
  leaf.sign(caKeys.privateKey, forge.md.sha256.create());

  const caPem = forge.pki.certificateToPem(ca);
  const files = { certFile: path.join(dir, 'cert.pem'), keyFile: path.join(dir, 'key.pem'), caFile: path.join(dir, 'ca.pem') };
  writeFileSync(files.certFile, forge.pki.certificateToPem(leaf) + caPem);
  writeFileSync(files.keyFile, forge.pki.privateKeyToPem(keys.privateKey), { mode: 0o600 });
  writeFileSync(files.caFile, caPem);
  const spkiDer = Buffer.from(forge.asn1.toDer(forge.pki.publicKeyToAsn1(keys.publicKey)).getBytes(), 'binary');
  return { ...files, caPem, spkiSha256: createHash('sha256').update(spkiDer).digest('base64') };
}
