/**
 * ARCA test harness: a throw-away PKI (one per test file), the loopback simulator trusting its CA, the
 * taxpayer's cert/key written to temp files, and a real server configured through the ARCA_* env vars.
 * arcaApp() and scopedSimulator() close what they start with the caller's scope (see buildApp).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { IssuerTaxCondition } from '../../../domain/invoicing/codes';
import { createTestPki, type TestPki } from '../../../server/integrations/arca/simulator/pki';
import { startArcaSimulator, type ArcaSimulator } from '../../../server/integrations/arca/simulator/server';
import { type AppOptions, buildApp, closeWithScope, type TestApp, type TestServer } from '../../helpers/server';

export const ISSUER_CUIT = '20111111112';
export const BUYER_CUIT = '30712345671';
export const BUYER_CUIT_BAD = '30712345672';
/** What a Factura A needs besides the CUIT (issue #33.3): the buyer's name and address. */
export const BUYER_A = { receptor_nombre: 'Distribuidora Sur S.A.', receptor_domicilio: 'Av. Belgrano 1234, CABA' };

let pki: TestPki | undefined;
export function testPki(): TestPki {
  return (pki ??= createTestPki(ISSUER_CUIT));
}

export interface ArcaSetup {
  sim: ArcaSimulator;
  env: Record<string, string>;
}

export async function startSimulator(taxCondition: IssuerTaxCondition = 'monotributo', thresholdCents?: number): Promise<ArcaSetup> {
  const p = testPki();
  const sim = await startArcaSimulator({ caCertPem: p.caCertPem, issuers: { [ISSUER_CUIT]: taxCondition }, thresholdCents });
  const dir = mkdtempSync(path.join(tmpdir(), 'mostrador-arca-'));
  writeFileSync(path.join(dir, 'cert.pem'), p.certPem);
  writeFileSync(path.join(dir, 'key.pem'), p.keyPem, { mode: 0o600 });
  const env = {
    ARCA_ENV: 'homologacion',
    ARCA_CUIT: ISSUER_CUIT,
    ARCA_TAX_CONDITION: taxCondition,
    ARCA_PTO_VTA: '4',
    ARCA_CERT_FILE: path.join(dir, 'cert.pem'),
    ARCA_KEY_FILE: path.join(dir, 'key.pem'),
    ARCA_WSAA_URL: sim.wsaaUrl,
    ARCA_WSFE_URL: sim.wsfeUrl,
    ARCA_PADRON_URL: sim.padronUrls.constancia,
    ARCA_PADRON_A13_URL: sim.padronUrls.a13,
    ARCA_PADRON_A13: '1',
    ARCA_TIMEOUT_MS: '5000',
    ARCA_RETRY_BASE_MS: '100',
  };
  return { sim, env };
}

/** startSimulator(), closed with the caller's scope (test, describe block or file). */
export async function scopedSimulator(taxCondition: IssuerTaxCondition = 'monotributo', thresholdCents?: number): Promise<ArcaSetup> {
  const setup = await startSimulator(taxCondition, thresholdCents);
  closeWithScope(() => setup.sim.close());
  return setup;
}

/** The simulator and a server configured for it (extra env on top of ARCA_*), an admin token; all closed with the caller's scope. */
export async function arcaApp(
  taxCondition: IssuerTaxCondition = 'monotributo',
  options: Omit<AppOptions, 'seller'> & { thresholdCents?: number } = {},
): Promise<TestApp & { setup: ArcaSetup }> {
  const setup = await scopedSimulator(taxCondition, options.thresholdCents);
  const app = await buildApp({ config: options.config, env: { ...setup.env, ...options.env }, captureLogs: options.captureLogs });
  // The CAEA job's first pass (at start) logs in to WSAA and asks for CAEAs: a test that counts what reaches
  // the simulator starts after it, never in the middle of it.
  await waitFor(() => app.s.app.jobs.list().some((job) => job.name === 'caea' && job.lastRunAt !== null), 15_000);
  return { ...app, setup };
}

export interface CartLine {
  price: number;
  quantity: number;
  ivaRate?: number;
}

/** Creates products (admin API, with their IVA rate) and a paid sale of them; returns the sale id. */
export async function paidSale(s: TestServer, token: string, lines: CartLine[], discount = 0): Promise<number> {
  const items = [];
  for (const l of lines) {
    const res = await s.call({
      method: 'POST',
      url: '/api/products',
      token,
      payload: { name: `Art ${Math.random().toString(36).slice(2, 8)}`, price: l.price, stock: l.quantity + 10, ivaRate: l.ivaRate ?? 21 },
    });
    if (res.status !== 201) throw new Error(`product: ${res.status} ${res.body.message}`);
    items.push({ productId: res.body.data.id, quantity: l.quantity });
  }
  const sale = await s.call({ method: 'POST', url: '/api/sales', token, payload: { items, discount, paymentMethod: 'efectivo' } });
  if (sale.status !== 201) throw new Error(`sale: ${sale.status} ${sale.body.message}`);
  return sale.body.data.id as number;
}

export const generate = (s: TestServer, token: string, saleId: number, payload: Record<string, unknown> = {}) =>
  s.call({ method: 'POST', url: `/api/invoices/generate-for-sale/${saleId}`, token, payload });

/** Polls until `check` is true (generous timeout, no fixed sleeps). */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('waitFor: timeout');
    await new Promise((r) => setTimeout(r, 50));
  }
}
