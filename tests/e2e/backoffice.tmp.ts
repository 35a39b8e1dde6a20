import { launchBrowser, startServer, newContext, screenshot, loginThroughForm, ADMIN_PASSWORD } from './harness';
const s = await startServer();
const t = await s.adminToken();
const prods = (await s.api('GET', '/products?limit=5', { token: t })).body.data;
for (let i = 0; i < 3; i++) {
  const r = await s.api('POST', '/sales', { token: t, body: { items: [{ productId: prods[i].id, quantity: 2 }], paymentMethod: i ? 'tarjeta' : 'efectivo', discount: i ? 0 : 100, customerName: i ? 'Ana' : '' } });
  console.log(r.status, r.body.data?.saleNumber);
}
const b = await launchBrowser();
const c = await newContext(b);
const p = await c.newPage();
p.on('pageerror', (e) => console.log('pageerror', e.message));
p.on('console', (m) => { if (m.type() === 'error') console.log('console', m.text()); });
await loginThroughForm(p, s.baseUrl, 'admin', ADMIN_PASSWORD);
await p.getByText('Ventas por Método de Pago').waitFor();
await p.waitForTimeout(800);
await screenshot(p, 'tmp-dashboard');
await p.goto(s.baseUrl + '/products');
await p.getByText(/Mostrando/).waitFor();
await screenshot(p, 'tmp-products', false);
await p.getByRole('button', { name: 'Nuevo Producto' }).click();
await p.waitForTimeout(500);
await screenshot(p, 'tmp-product-dialog', false);
await p.goto(s.baseUrl + '/sales');
await p.getByRole('button', { name: /Ver venta/ }).first().click();
await p.getByText('Precio Unit.').waitFor();
await screenshot(p, 'tmp-sale-detail', false);
await b.close(); await s.close();
