/**
 * Verifies a CMS SignedData (DER) as WSAA does: the signer certificate is included and issued by the
 * trusted CA, the messageDigest attribute is the SHA-256 of the attached content, and the signature
 * covers the DER of the authenticated attributes (re-tagged as SET). Returns the content and the CUIT
 * of the certificate's serialNumber, or throws Error(<WSAA fault code>).
 */
import { X509Certificate, createHash, verify } from 'node:crypto';
import forge from 'node-forge';

const OID_MESSAGE_DIGEST = forge.pki.oids.messageDigest;

type Asn1 = forge.asn1.Asn1;
const children = (node: Asn1): Asn1[] => node.value as Asn1[];

function octets(node: Asn1): string {
  return typeof node.value === 'string' ? node.value : children(node).map(octets).join('');
}

export interface VerifiedCms {
  content: string;
  cuit: string;
}

export function verifyCms(base64: string, caCertPem: string): VerifiedCms {
  let root: Asn1;
  try {
    root = forge.asn1.fromDer(forge.util.decode64(base64.replace(/\s+/g, '')));
  } catch {
    throw new Error('cms.bad.base64');
  }
  try {
    const signedData = children(children(root)[1])[0];
    const parts = children(signedData);
    const encap = parts[2];
    const content = octets(children(children(encap)[1])[0]);
    const certsNode = parts.find((p) => p.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && p.type === 0);
    const signerInfo = children(parts[parts.length - 1])[0];
    if (!certsNode) throw new Error('cms.cert.notFound');
    const certDer = forge.asn1.toDer(children(certsNode)[0]).getBytes();
    const cert = new X509Certificate(Buffer.from(certDer, 'binary'));
    const ca = new X509Certificate(caCertPem);
    if (!cert.verify(ca.publicKey) || new Date(cert.validTo) < new Date()) throw new Error('cms.cert.untrusted');
    const si = children(signerInfo);
    const attrs = si.find((p) => p.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && p.type === 0);
    const signature = si[si.length - 1];
    if (!attrs) throw new Error('cms.bad');
    let digest: string | undefined;
    for (const attr of children(attrs)) {
      const [oid, values] = children(attr);
      if (forge.asn1.derToOid(oid.value as string) === OID_MESSAGE_DIGEST) digest = children(values)[0].value as string;
    }
    const contentDigest = createHash('sha256').update(Buffer.from(content, 'binary')).digest('binary');
    if (digest !== contentDigest) throw new Error('cms.bad');
    const set = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, children(attrs));
    const signed = Buffer.from(forge.asn1.toDer(set).getBytes(), 'binary');
    if (!verify('sha256', signed, cert.publicKey, Buffer.from(signature.value as string, 'binary'))) throw new Error('cms.bad');
    const cuit = /CUIT (\d{11})/.exec(cert.subject)?.[1];
    if (!cuit) throw new Error('cms.cert.untrusted');
    return { content: Buffer.from(content, 'binary').toString('utf8'), cuit };
  } catch (e) {
    const code = (e as Error).message;
    throw new Error(code.startsWith('cms.') ? code : 'cms.bad');
  }
}
