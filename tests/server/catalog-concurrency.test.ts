/**
 * Check-then-write under concurrency, on either dialect (TEST_DIALECT=postgres: units run side by side,
 * not one writer at a time): requests racing for the same username, the same product code or the same
 * product edit end with exactly one winner and Spanish 409s for the others, never a 500 and never two
 * winners.
 */
import { describe, expect, it } from 'vitest';
import { MSG } from '../../domain/messages';
import { buildApp } from '../helpers/server';

const { s, admin } = await buildApp();
const RACERS = 12;

const race = <T>(make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: RACERS }, (_, i) => make(i)));
const statuses = (replies: { status: number }[]) => replies.map((r) => r.status).sort((a, b) => a - b);
const oneWinner = (winner: number) => [winner, ...Array<number>(RACERS - 1).fill(409)];

describe('racing requests for one thing', () => {
  it('the same new username: one user, the others 409', async () => {
    const replies = await race(() =>
      s.call({ method: 'POST', url: '/api/users', token: admin, payload: { username: 'carrera', fullName: 'Carrera', password: 'clave-carrera', role: 'vendedor' } }),
    );
    expect(statuses(replies)).toEqual(oneWinner(201));
    for (const r of replies.filter((r) => r.status === 409)) expect(r.body.message).toBe('Ya existe un usuario con ese nombre de usuario');
    const users = (await s.call({ method: 'GET', url: '/api/users', token: admin })).body.data as { username: string }[];
    expect(users.filter((u) => u.username === 'carrera')).toHaveLength(1);
  });

  it('the same new product code: one product, the others 409', async () => {
    const replies = await race((i) => s.call({ method: 'POST', url: '/api/products', token: admin, payload: { name: `Carrera ${i}`, code: 'CARRERA-1', price: 10, stock: 0 } }));
    expect(statuses(replies)).toEqual(oneWinner(201));
    for (const r of replies.filter((r) => r.status === 409)) expect(r.body.message).toBe(MSG.productCodeTaken);
    const found = await s.call({ method: 'GET', url: '/api/products?search=CARRERA-1', token: admin });
    expect(found.body.data).toHaveLength(1);
  });

  it('edits of one product from the same loaded price: one is saved, the others see it changed (409)', async () => {
    const made = await s.call({ method: 'POST', url: '/api/products', token: admin, payload: { name: 'Editado a la vez', price: 100, stock: 0 } });
    const id = made.body.data.id as number;
    const replies = await race((i) => s.call({ method: 'PUT', url: `/api/products/${id}`, token: admin, payload: { price: 200 + i, base: { price: 100 } } }));
    expect(statuses(replies)).toEqual(oneWinner(200));
    for (const r of replies.filter((r) => r.status === 409)) expect(r.body.message).toBe(MSG.productChangedWhileEditing);
    const saved = replies.find((r) => r.status === 200)!.body.data.price;
    expect((await s.call({ method: 'GET', url: `/api/products/${id}`, token: admin })).body.data.price).toBe(saved);
  });
});
