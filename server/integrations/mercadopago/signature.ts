/**
 * Webhook signature (docs/reference/mercadopago.md "Notifications"): header `x-signature: ts=<unix s>,v1=<hex>`; manifest
 * `id:<data.id>;request-id:<x-request-id>;ts:<ts>;` (a pair whose value is missing is left out),
 * HMAC-SHA256 with the webhook secret, hex, compared in constant time. A ts older (or newer) than
 * `toleranceSeconds` is refused, so a captured notification cannot be replayed later.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface SignatureInput {
  xSignature: string | undefined;
  xRequestId: string | undefined;
  dataId: string | undefined;
}

export function parseSignatureHeader(header: string): { ts?: string; v1?: string } {
  const out: { ts?: string; v1?: string } = {};
  for (const part of header.split(',')) {
    const [key, ...rest] = part.split('=');
    const value = rest.join('=').trim();
    if (key.trim() === 'ts') out.ts = value;
    if (key.trim() === 'v1') out.v1 = value;
  }
  return out;
}

export function signatureManifest(dataId: string | undefined, requestId: string | undefined, ts: string): string {
  let manifest = '';
  if (dataId) manifest += `id:${dataId};`;
  if (requestId) manifest += `request-id:${requestId};`;
  return `${manifest}ts:${ts};`;
}

export function signManifest(secret: string, manifest: string): string {
  return createHmac('sha256', secret).update(manifest).digest('hex');
}

export type SignatureVerdict = 'valid' | 'invalid' | 'stale';

export function verifySignature(secret: string, input: SignatureInput, nowMs = Date.now(), toleranceSeconds = 300): SignatureVerdict {
  if (!input.xSignature) return 'invalid';
  const { ts, v1 } = parseSignatureHeader(input.xSignature);
  if (!ts || !v1 || !/^\d{1,13}$/.test(ts) || !/^[0-9a-f]{64}$/i.test(v1)) return 'invalid';
  const expected = Buffer.from(signManifest(secret, signatureManifest(input.dataId, input.xRequestId, ts)), 'hex');
  const given = Buffer.from(v1, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  // ts is in seconds; tolerate milliseconds too (some senders use them).
  const tsMs = ts.length > 10 ? Number(ts) : Number(ts) * 1000;
  return Math.abs(nowMs - tsMs) > toleranceSeconds * 1000 ? 'stale' : 'valid';
}
