import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../domain/messages';
import { countSaleMovements, countSales, createProduct, softDeleteProduct, stockOf } from '../helpers/fixtures';
import { buildApp } from '../helpers/server';


const { s, admin, seller } = await buildApp({ seller: 'cajera' });

const post = (payload: unknown, token = seller) => s.call({ method: 'POST', url: '/api/sales', token, payload: payload as object });

describe('POST /sales', () => {
  it('registers a sale priced from the catalogue and moves stock by exactly what was sold', async () => {
    const mouse = await createProduct(s.app.store, { name: 'Mouse óptico', price: 1500.5, cost: 900, stock: 10 });
    const cable = await createProduct(s.app.store, { name: 'Cable USB', price: 300, cost: 100, stock: 5 });
    const res = await post({
      customerName: 'Ana Pérez',
      customerDocument: '30111222',
      items: [
        { productId: mouse, quantity: 2 },
        { productId: cable, quantity: 1 },
      ],
      discount: 1.25,
      paymentMethod: 'efectivo',
      notes: 'Entrega en mano',
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Venta registrada correctamente');
    const sale = res.body.data;
    expect(sale).toMatchObject({
      customerName: 'Ana Pérez',
      customerDocument: '30111222',
      paymentMethod: 'efectivo',
      paymentStatus: 'pagado',
      subtotal: 3301,
      discount: 1.25,
      total: 3299.75,
      notes: 'Entrega en mano',
      user: { fullName: 'Vendedor cajera' },
      flags: [],
      cancelledAt: null,
    });
    expect(sale.saleNumber).toMatch(/^V\d{8}-\d{4}$/);
    expect(sale.items).toEqual([
      expect.objectContaining({ productId: mouse, productName: 'Mouse óptico', quantity: 2, unitPrice: 1500.5, subtotal: 3001, catalogPrice: null }),
      expect.objectContaining({ productId: cable, productName: 'Cable USB', quantity: 1, unitPrice: 300, subtotal: 300, catalogPrice: null }),
    ]);
    expect(await stockOf(s.app, mouse)).toEqual({ stock: 8, ledger: 8 });
    expect(await stockOf(s.app, cable)).toEqual({ stock: 4, ledger: 4 });
  });

  it('refuses to sell beyond stock with 409 naming the product, and changes nothing', async () => {
    const id = await createProduct(s.app.store, { name: 'Auriculares Bluetooth', stock: 2 });
    const before = await countSales(s.app);
    const res = await post({ items: [{ productId: id, quantity: 1 }, { productId: id, quantity: 2 }], paymentMethod: 'tarjeta' });
    expect(res.status).toBe(409);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toContain('Auriculares Bluetooth');
    expect(res.body.message).toContain('stock');
    expect(await countSales(s.app)).toBe(before);
    expect(await stockOf(s.app, id)).toEqual({ stock: 2, ledger: 2 });
  });

  it('a retried request with the same clientSaleId returns the stored sale and changes nothing', async () => {
    const id = await createProduct(s.app.store, { stock: 10 });
    const payload = { items: [{ productId: id, quantity: 3 }], paymentMethod: 'transferencia', clientSaleId: randomUUID() };
    const first = await post(payload);
    const movements = await countSaleMovements(s.app);
    const again = await post(payload);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(again.body.data.saleNumber).toBe(first.body.data.saleNumber);
    expect(await countSaleMovements(s.app)).toBe(movements);
    expect(await stockOf(s.app, id)).toEqual({ stock: 7, ledger: 7 });
  });

  it('refuses Mercado Pago as a direct sale with a Spanish 400', async () => {
    const id = await createProduct(s.app.store, { stock: 10 });
    const res = await post({ items: [{ productId: id, quantity: 1 }], paymentMethod: 'mercadopago' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Mercado Pago');
    expect((await stockOf(s.app, id)).stock).toBe(10);
  });

  it('refuses unknown and deleted products, a discount above the subtotal and an empty cart', async () => {
    const gone = await createProduct(s.app.store, { name: 'Funda vieja', stock: 3 });
    await softDeleteProduct(s.app, gone);
    const unknown = await post({ items: [{ productId: 999999, quantity: 1 }], paymentMethod: 'efectivo' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('El producto 999999 no existe');
    const deleted = await post({ items: [{ productId: gone, quantity: 1 }], paymentMethod: 'efectivo' });
    expect(deleted.status).toBe(400);
    expect(deleted.body.message).toContain('Funda vieja');
    const id = await createProduct(s.app.store, { price: 10, stock: 3 });
    const discount = await post({ items: [{ productId: id, quantity: 1 }], discount: 10.01, paymentMethod: 'efectivo' });
    expect(discount.status).toBe(400);
    expect(discount.body.message).toBe('El descuento no puede superar el subtotal de la venta');
    const empty = await post({ items: [], paymentMethod: 'efectivo' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('El carrito está vacío');
    expect((await stockOf(s.app, id)).stock).toBe(3);
  });

  it('requires a session', async () => {
    const res = await s.call({ method: 'POST', url: '/api/sales', payload: { items: [], paymentMethod: 'efectivo' } });
    expect(res.status).toBe(401);
  });
});

describe('reading and cancelling sales', () => {
  it('GET /sales/:id returns the sale with items and seller; unknown id is 404', async () => {
    const id = await createProduct(s.app.store, { name: 'Teclado', price: 2000, stock: 4 });
    const created = await post({ items: [{ productId: id, quantity: 1 }], paymentMethod: 'tarjeta' });
    const res = await s.call({ method: 'GET', url: `/api/sales/${created.body.data.id}`, token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(created.body.data);
    const missing = await s.call({ method: 'GET', url: '/api/sales/987654', token: admin });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, message: MSG.saleNotFound });
  });

  it('only an admin cancels; stock comes back once; a second cancel is 409', async () => {
    const id = await createProduct(s.app.store, { stock: 6 });
    const created = await post({ items: [{ productId: id, quantity: 4 }], paymentMethod: 'efectivo' });
    const url = `/api/sales/${created.body.data.id}/cancel`;
    const bySeller = await s.call({ method: 'POST', url, token: seller });
    expect(bySeller.status).toBe(403);
    expect((await stockOf(s.app, id)).stock).toBe(2);
    const res = await s.call({ method: 'POST', url, token: admin });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.saleCancelled);
    expect(res.body.data.paymentStatus).toBe('cancelado');
    expect(res.body.data.cancelledAt).toBeTruthy();
    expect(await stockOf(s.app, id)).toEqual({ stock: 6, ledger: 6 });
    const again = await s.call({ method: 'POST', url, token: admin });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('La venta ya está cancelada');
    expect(await stockOf(s.app, id)).toEqual({ stock: 6, ledger: 6 });
    const unknown = await s.call({ method: 'POST', url: '/api/sales/123456/cancel', token: admin });
    expect(unknown.status).toBe(404);
  });
});
