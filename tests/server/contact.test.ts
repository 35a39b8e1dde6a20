import { describe, expect, it } from 'vitest';
import { recentBounds } from '../../server/modules/contact/service';
import { buildApp } from '../helpers/server';
import { sqlAll, sqlGet, sqlReturning, sqlRun } from '../helpers/sql';

const { s, admin, seller } = await buildApp({ seller: 'vendedor1' });

const valid = { name: 'Ana Pérez', email: 'ana@example.com', phone: '11 5555-0000', subject: 'Horarios', message: '¿Abren los sábados a la tarde?' };
const send = (payload: object, headers?: Record<string, string>) => s.call({ method: 'POST', url: '/api/contact', payload, headers });
const get = (url: string, token = admin) => s.call({ method: 'GET', url, token });
const setCreatedAt = async (id: number, iso: string) => await sqlRun(s.app, 'UPDATE contact_messages SET created_at = ? WHERE id = ?', iso, id);
const deleteAll = async () => await sqlRun(s.app, 'DELETE FROM contact_messages');

describe('POST /contact (public)', () => {
  it('stores the message once with the sender IP (ignoring a spoofable X-Forwarded-For) and thanks the sender', async () => {
    const res = await send(valid, { 'x-forwarded-for': '203.0.113.7' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: '¡Gracias por tu consulta! Te contactaremos pronto.', data: { id: expect.any(Number) } });
    const rows = (await sqlAll(s.app, 'SELECT * FROM contact_messages WHERE id = ?', res.body.data.id)) as Record<string, unknown>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Ana Pérez', email: 'ana@example.com', status: 'nuevo', ip: '127.0.0.1', product_id: null });
  });

  it('applies the length rule to the trimmed message with the spec texts', async () => {
    const short = await send({ ...valid, message: '   123456789   ' });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ success: false, message: 'El mensaje debe tener al menos 10 caracteres' });
    const tenPadded = await send({ ...valid, message: '   1234567890   ' });
    expect(tenPadded.status).toBe(201);
    const stored = (await sqlGet(s.app, 'SELECT message FROM contact_messages WHERE id = ?', tenPadded.body.data.id)) as { message: string };
    expect(stored.message).toBe('1234567890');
    const long = await send({ ...valid, message: 'a'.repeat(5001) });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ success: false, message: 'El mensaje no puede superar los 5000 caracteres' });
    expect((await send({ ...valid, message: `  ${'a'.repeat(5000)}  ` })).status).toBe(201);
  });

  it('requires name, email and message and checks the email format', async () => {
    const noName = await send({ ...valid, name: '  ' });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe('Nombre: es obligatorio');
    const noEmail = await send({ name: 'Ana', message: valid.message });
    expect(noEmail.body.message).toBe('Email: es obligatorio');
    const badEmail = await send({ ...valid, email: 'ana@' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toBe('Email: no es un email válido');
    const noMessage = await send({ name: 'Ana', email: 'ana@example.com' });
    expect(noMessage.status).toBe(400);
    expect(noMessage.body.message).toBe('Mensaje: es obligatorio');
  });

  it('links an enquiry to an existing product and refuses an unknown one', async () => {
    const [product] = await sqlReturning<{ id: number }>(s.app, "INSERT INTO products (name, price_cents) VALUES ('Cargador USB-C', 1500000) RETURNING id");
    const productId = Number(product.id);
    const res = await send({ ...valid, productId });
    expect(res.status).toBe(201);
    const detail = await get(`/api/contact/${res.body.data.id}`);
    expect(detail.body.data.product).toEqual({ id: productId, name: 'Cargador USB-C' });
    const unknown = await send({ ...valid, productId: 99999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('El producto consultado no existe');
    const notNumber = await send({ ...valid, productId: 'abc' });
    expect(notNumber.status).toBe(400);
    expect(notNumber.body.message).toContain('Producto');
  });
});

describe('contact back office (admin)', () => {
  it('is closed to anonymous visitors (401) and sellers (403)', async () => {
    for (const [method, url] of [['GET', '/api/contact/list'], ['GET', '/api/contact/stats'], ['GET', '/api/contact/1'], ['PUT', '/api/contact/1'], ['DELETE', '/api/contact/1']] as const) {
      const payload = method === 'PUT' ? { status: 'leido' } : undefined;
      expect((await s.call({ method, url, payload })).status, `${method} ${url}`).toBe(401);
      expect((await s.call({ method, url, payload, token: seller })).status, `${method} ${url}`).toBe(403);
    }
  });

  it('lists newest first with pagination, status, search and local-date filters', async () => {
    await deleteAll();
    const ids: number[] = [];
    for (const [i, who] of ['Juan Gómez', 'María López', 'Pedro Ruiz'].entries()) {
      const res = await send({ ...valid, name: who, email: `persona${i}@example.com`, subject: i === 1 ? 'Presupuesto 100%' : 'Consulta' });
      ids.push(res.body.data.id);
    }
    // 2026-03-10 00:30 in Buenos Aires (UTC-3) is 03:30 UTC; 02:30 UTC is still 9 March there.
    await setCreatedAt(ids[0], '2026-03-10T02:30:00.000Z');
    await setCreatedAt(ids[1], '2026-03-10T03:30:00.000Z');
    await setCreatedAt(ids[2], '2026-03-11T12:00:00.000Z');

    const all = await get('/api/contact/list');
    expect(all.status).toBe(200);
    expect(all.body.data.map((m: { id: number }) => m.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(all.body.pagination).toEqual({ page: 1, limit: 20, total: 3, totalItems: 3, totalPages: 1 });
    expect(all.body.data[0]).toEqual({
      id: ids[2], name: 'Pedro Ruiz', email: 'persona2@example.com', phone: valid.phone, subject: 'Consulta', message: valid.message,
      status: 'nuevo', notes: null, productId: null, product: null, createdAt: '2026-03-11T12:00:00.000Z', respondedAt: null, responder: null,
    });

    const page2 = await get('/api/contact/list?page=2&limit=2');
    expect(page2.body.data.map((m: { id: number }) => m.id)).toEqual([ids[0]]);
    expect(page2.body.pagination).toMatchObject({ page: 2, limit: 2, total: 3, totalPages: 2 });

    for (const term of ['MARÍA', 'maria', 'lópez']) {
      const byName = await get(`/api/contact/list?search=${encodeURIComponent(term)}`);
      expect(byName.body.data.map((m: { id: number }) => m.id), term).toEqual([ids[1]]);
    }
    const byEmail = await get('/api/contact/list?search=persona2@');
    expect(byEmail.body.data.map((m: { id: number }) => m.id)).toEqual([ids[2]]);
    const literalPercent = await get(`/api/contact/list?search=${encodeURIComponent('100%')}`);
    expect(literalPercent.body.data.map((m: { id: number }) => m.id)).toEqual([ids[1]]);

    const tenth = await get('/api/contact/list?startDate=2026-03-10&endDate=2026-03-10');
    expect(tenth.body.data.map((m: { id: number }) => m.id)).toEqual([ids[1]]);
    const fromTenth = await get('/api/contact/list?startDate=2026-03-10');
    expect(fromTenth.body.pagination.total).toBe(2);

    await s.call({ method: 'PUT', url: `/api/contact/${ids[0]}`, token: admin, payload: { status: 'archivado' } });
    const archived = await get('/api/contact/list?status=archivado');
    expect(archived.body.data.map((m: { id: number }) => m.id)).toEqual([ids[0]]);
  });

  it('refuses bad list filters with the field named', async () => {
    const status = await get('/api/contact/list?status=borrado');
    expect(status.status).toBe(400);
    expect(status.body.message).toContain('Estado');
    const date = await get('/api/contact/list?startDate=10/03/2026');
    expect(date.status).toBe(400);
    expect(date.body.message).toContain('Fecha desde');
    expect((await get('/api/contact/list?limit=0')).status).toBe(400);
  });

  it('counts per status and recent messages in the shop time zone', async () => {
    await deleteAll();
    const create = async (status?: string) => {
      const id = (await send(valid)).body.data.id as number;
      if (status) await s.call({ method: 'PUT', url: `/api/contact/${id}`, token: admin, payload: { status } });
      return id;
    };
    await create();
    await create();
    await create('leido');
    await create('respondido');
    const old = await create('archivado');
    const lastWeek = await create();
    const { weekStart } = recentBounds(new Date(), 'America/Argentina/Buenos_Aires');
    await setCreatedAt(old, '2020-01-01T12:00:00.000Z');
    await setCreatedAt(lastWeek, new Date(new Date(weekStart).getTime() - 1000).toISOString());

    const res = await get('/api/contact/stats');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      total: 6,
      por_estado: { nuevos: 3, leidos: 1, respondidos: 1, archivados: 1 },
      recientes: { hoy: 4, esta_semana: 4 },
    });
  });

  it('records who answered and when, and keeps notes', async () => {
    const id = (await send(valid)).body.data.id as number;
    const read = await s.call({ method: 'PUT', url: `/api/contact/${id}`, token: admin, payload: { status: 'leido', notes: '  Llamar el lunes  ' } });
    expect(read.status).toBe(200);
    expect(read.body.message).toBe('Estado actualizado correctamente');
    expect(read.body.data).toMatchObject({ status: 'leido', notes: 'Llamar el lunes', respondedAt: null, responder: null });

    const answered = await s.call({ method: 'PUT', url: `/api/contact/${id}`, token: admin, payload: { status: 'respondido' } });
    expect(answered.body.data.status).toBe('respondido');
    expect(answered.body.data.notes).toBe('Llamar el lunes');
    expect(answered.body.data.responder).toEqual({ fullName: 'Administrador', username: 'admin' });
    expect(Date.parse(answered.body.data.respondedAt)).not.toBeNaN();
    const stored = (await sqlGet(s.app, 'SELECT responded_by FROM contact_messages WHERE id = ?', id)) as { responded_by: number };
    expect(stored.responded_by).toBe(1);

    const archived = await s.call({ method: 'PUT', url: `/api/contact/${id}`, token: admin, payload: { status: 'archivado', notes: '' } });
    expect(archived.body.data).toMatchObject({ status: 'archivado', notes: null, respondedAt: answered.body.data.respondedAt });
    expect(archived.body.data.responder).toEqual({ fullName: 'Administrador', username: 'admin' });
  });

  it('refuses a bad update and answers 404 for unknown ids', async () => {
    const id = (await send(valid)).body.data.id as number;
    const badStatus = await s.call({ method: 'PUT', url: `/api/contact/${id}`, token: admin, payload: { status: 'resuelto' } });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.message).toContain('Estado');
    const empty = await s.call({ method: 'PUT', url: `/api/contact/${id}`, token: admin, payload: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Indicá el estado o las notas a guardar');
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await s.call({ method, url: '/api/contact/99999', token: admin, payload: method === 'PUT' ? { status: 'leido' } : undefined });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: 'Mensaje no encontrado' });
    }
    expect((await get('/api/contact/abc')).status).toBe(400);
  });

  it('deletes a message', async () => {
    const id = (await send(valid)).body.data.id as number;
    const res = await s.call({ method: 'DELETE', url: `/api/contact/${id}`, token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Mensaje eliminado correctamente' });
    expect((await get(`/api/contact/${id}`)).status).toBe(404);
  });
});

describe('recentBounds', () => {
  it('starts the day and the Monday week in the shop zone', () => {
    // Tuesday 17 Nov 2026, 22:00 in Buenos Aires (UTC-3) is Wednesday 01:00 UTC.
    expect(recentBounds(new Date('2026-11-18T01:00:00Z'), 'America/Argentina/Buenos_Aires')).toEqual({
      todayStart: '2026-11-17T03:00:00.000Z',
      weekStart: '2026-11-16T03:00:00.000Z',
    });
    // Sunday 1 Mar 2026 in Buenos Aires: the week began on Monday 23 Feb.
    expect(recentBounds(new Date('2026-03-01T15:00:00Z'), 'America/Argentina/Buenos_Aires').weekStart).toBe('2026-02-23T03:00:00.000Z');
    // A Monday is its own week start.
    expect(recentBounds(new Date('2026-11-16T10:00:00Z'), 'UTC')).toEqual({ todayStart: '2026-11-16T00:00:00.000Z', weekStart: '2026-11-16T00:00:00.000Z' });
  });
});

describe('POST /contact rate limit', () => {
  it('answers 429 with the Spanish text after the per-minute allowance', async () => {
    const { s: limited } = await buildApp({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
    for (let i = 0; i < 3; i++) {
      const ok = await limited.call({ method: 'POST', url: '/api/contact', payload: valid });
      expect(ok.status).toBe(201);
    }
    const fourth = await limited.call({ method: 'POST', url: '/api/contact', payload: valid });
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual({ success: false, message: 'Demasiadas solicitudes. Esperá un momento e intentá nuevamente.' });
    const count = (await sqlGet(limited.app, 'SELECT COUNT(*) AS n FROM contact_messages')) as { n: number };
    expect(count.n).toBe(3);
  });
});
