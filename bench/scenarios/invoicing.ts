/**
 * Invoicing: N paid sales invoiced one after another through POST /api/invoices/generate-for-sale
 * against the real server (own process, `npm start`'s bundle) talking WSAA + WSFEv1 to the ARCA
 * simulator in the bench process (each invoice: FECompUltimoAutorizado + FECAESolicitar). Figures:
 * invoices per second, and the server's own time per invoice = (total − time spent inside the
 * simulator's handlers) / N, which still includes both HTTP hops. Target: ≤ 20 ms per invoice.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTestPki } from '../../server/integrations/arca/simulator/pki';
import { startArcaSimulator } from '../../server/integrations/arca/simulator/server';
import { signIn } from '../lib/api';
import { startChild } from '../lib/child';
import type { Scenario } from '../lib/context';
import { BENCH_ADMIN_PASSWORD, BUILD_DIR, DATA_DIR } from '../lib/paths';
import { round } from '../lib/stats';

const TARGET_MS = 20;
const CUIT = '20111111112';
const WARM_UP = 5;

async function post(url: string, token: string, body: unknown): Promise<{ status: number; data: { id: number } }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  const json = (await res.json()) as { data: { id: number } };
  return { status: res.status, data: json.data };
}

export const invoicing: Scenario = {
  name: 'invoicing',
  description: 'facturas por POST /api/invoices/generate-for-sale contra el simulador ARCA (WSAA + WSFEv1)',
  run: async (ctx) => {
    const count = ctx.quick ? 100 : 500;
    const dir = path.join(DATA_DIR, 'run', 'invoicing');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const pki = createTestPki(CUIT);
    writeFileSync(path.join(dir, 'cert.pem'), pki.certPem);
    writeFileSync(path.join(dir, 'key.pem'), pki.keyPem, { mode: 0o600 });
    const sim = await startArcaSimulator({ caCertPem: pki.caCertPem, issuers: { [CUIT]: 'responsable_inscripto' } });
    try {
      const server = await startChild({
        script: 'build/server/main.mjs',
        profile: ctx.profile,
        label: 'invoicing',
        env: {
          DATA_DIR: dir,
          ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
          DEMO_DATA: 'false',
          CLIENT_DIR: BUILD_DIR,
          RATE_LIMIT_PER_MINUTE: '0',
          LOG_LEVEL: 'warn',
          ARCA_ENV: 'homologacion',
          ARCA_CUIT: CUIT,
          ARCA_TAX_CONDITION: 'responsable_inscripto',
          ARCA_PTO_VTA: '3',
          ARCA_CERT_FILE: path.join(dir, 'cert.pem'),
          ARCA_KEY_FILE: path.join(dir, 'key.pem'),
          ARCA_WSAA_URL: sim.wsaaUrl,
          ARCA_WSFE_URL: sim.wsfeUrl,
        },
      });
      try {
        const { token } = await signIn(server.baseUrl);
        const rates = [21, 10.5];
        const products = [];
        for (const [i, ivaRate] of rates.entries()) products.push((await post(`${server.baseUrl}/api/products`, token, { name: `Artículo ${i}`, price: 1234.56 + i, stock: 1_000_000, ivaRate })).data.id);
        const sales: number[] = [];
        for (let i = 0; i < count + WARM_UP; i++) {
          const sale = await post(`${server.baseUrl}/api/sales`, token, { items: products.map((productId, k) => ({ productId, quantity: 1 + ((i + k) % 3) })), discount: i % 7, paymentMethod: 'efectivo' });
          sales.push(sale.data.id);
        }
        const invoice = async (saleId: number) => {
          const res = await post(`${server.baseUrl}/api/invoices/generate-for-sale/${saleId}`, token, { tipo_comprobante: 6 });
          if (res.status !== 201) throw new Error(`factura de la venta ${saleId}: HTTP ${res.status}`);
        };
        for (const id of sales.slice(0, WARM_UP)) await invoice(id);
        const simBefore = sim.counters.busyMs;
        const t0 = performance.now();
        for (const id of sales.slice(WARM_UP)) await invoice(id);
        const totalMs = performance.now() - t0;
        const simMs = sim.counters.busyMs - simBefore;
        const perInvoice = (totalMs - simMs) / count;
        return [
          {
            key: 'invoicing',
            label: `Facturas B contra el simulador ARCA (${count}, una tras otra)`,
            value: round((count / totalMs) * 1000, 1),
            unit: 'facturas/s',
            baseline: null,
            baselineLabel: null,
            ratio: null,
            target: null,
            met: null,
            details: { logins: sim.counters.logins, simuladorMsPorFactura: round(simMs / count, 2) },
          },
          {
            key: 'invoicing-server-ms',
            label: 'Tiempo propio del servidor por factura (total − simulador)',
            value: round(perInvoice, 2),
            unit: 'ms',
            baseline: null,
            baselineLabel: null,
            ratio: null,
            target: `≤ ${TARGET_MS} ms`,
            met: perInvoice <= TARGET_MS,
          },
        ];
      } finally {
        await server.stop();
      }
    } finally {
      await sim.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
