import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { DEFAULT_TIME_ZONE } from '../../domain/constants';
import { buildApp } from '../helpers/server';
import { sqlGet } from '../helpers/sql';

const { s, admin } = await buildApp();

const full = {
  businessName: 'Kiosco La Esquina',
  cuit: '20123456786',
  address: 'Av. Rivadavia 5000',
  phone: '+54 9 11 4444-5555',
  email: 'hola@laesquina.com.ar',
  website: 'https://laesquina.com.ar',
  description: 'Accesorios de tecnología',
  instagram: '@laesquina',
  facebook: 'facebook.com/laesquina',
  whatsapp: '+54 9 11 4444-5555',
  openingHours: 'Lunes a viernes de 9 a 18',
  taxCondition: 'monotributo',
  startOfActivities: '2019-04-01',
  iibb: '901-123456-7',
  province: 'Buenos Aires',
  city: 'CABA',
  postalCode: 'C1406',
  logo: '/uploads/logo.webp',
};

const put = (payload: unknown, token: string | null = admin) =>
  s.call({ method: 'PUT', url: '/api/business-info', token: token ?? undefined, payload: payload as object });

describe('business info', () => {
  it('is public and starts with an empty name and every field null', async () => {
    // A new shop (the file's own shop is edited by the other tests).
    const res = await (await buildApp()).s.call({ method: 'GET', url: '/api/business-info' });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.businessName).toBe('');
    expect(Object.keys(res.body.data).sort()).toEqual([...Object.keys(full), 'timeZone'].sort());
    expect(res.body.data.phone).toBeNull();
  });

  it('the admin replaces it and everyone reads the new values', async () => {
    const res = await put(full);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Información actualizada correctamente');
    expect(res.body.data).toEqual({ ...full, timeZone: DEFAULT_TIME_ZONE });
    const read = await s.call({ method: 'GET', url: '/api/business-info' });
    expect(read.body.data).toEqual({ ...full, timeZone: DEFAULT_TIME_ZONE });
  });

  it('trims text and clears fields left out or sent empty', async () => {
    const res = await put({ businessName: '  Otro Nombre  ', phone: '', email: null });
    expect(res.status).toBe(200);
    expect(res.body.data.businessName).toBe('Otro Nombre');
    expect(res.body.data.phone).toBeNull();
    expect(res.body.data.address).toBeNull();
    expect(res.body.data.logo).toBeNull();
  });

  it('bumps the sync revision of the row so devices pull the change', async () => {
    const before = (await sqlGet(s.app, 'SELECT revision FROM business_info WHERE id = 1')) as { revision: number };
    await put({ ...full, businessName: 'Revisión nueva' });
    const after = (await sqlGet(s.app, 'SELECT revision FROM business_info WHERE id = 1')) as { revision: number };
    expect(after.revision).toBeGreaterThan(before.revision);
  });

  it('requires the business name and names the field', async () => {
    for (const businessName of [undefined, '', '   ']) {
      const res = await put({ ...full, businessName });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message: 'Nombre del negocio: es obligatorio' });
    }
  });

  it('validates email, CUIT, logo and lengths', async () => {
    const stored = (await s.call({ method: 'GET', url: '/api/business-info' })).body.data.businessName;
    const email = await put({ ...full, email: 'no-es-email' });
    expect(email.status).toBe(400);
    expect(email.body.message).toBe('Email: no es un email válido');
    const cuit = await put({ ...full, cuit: '123' });
    expect(cuit.status).toBe(400);
    expect(cuit.body.message).toContain('CUIT');
    const logo = await put({ ...full, logo: 'javascript:alert(1)' });
    expect(logo.status).toBe(400);
    expect(logo.body.message).toContain('Logo');
    const long = await put({ ...full, description: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(long.body.message).toContain('Descripción');
    const wrongType = await put({ ...full, phone: 12345 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toContain('Teléfono');
    // Nothing refused was stored.
    expect((await s.call({ method: 'GET', url: '/api/business-info' })).body.data.businessName).toBe(stored);
  });

  it('holds the issuer’s fiscal facts (issue #33.1): CUIT with its check digit as 11 digits, the IVA condition as its code, a valid start date', async () => {
    const labelled = await put({ ...full, cuit: '20-12345678-6', taxCondition: 'Responsable Inscripto' });
    expect(labelled.status).toBe(200);
    expect(labelled.body.data).toMatchObject({ cuit: '20123456786', taxCondition: 'responsable_inscripto' });
    const cases: [Record<string, unknown>, string][] = [
      [{ cuit: '20-12345678-9' }, 'CUIT: no es válido (dígito verificador incorrecto)'],
      [{ taxCondition: 'Exento' }, 'Condición fiscal: debe ser Monotributo o Responsable Inscripto'],
      [{ startOfActivities: '01/04/2019' }, 'Inicio de actividades: no es una fecha válida (AAAA-MM-DD)'],
      [{ startOfActivities: '2019-13-45' }, 'Inicio de actividades: no es una fecha válida (AAAA-MM-DD)'],
    ];
    for (const [patch, message] of cases) {
      const res = await put({ ...full, ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await s.call({ method: 'GET', url: '/api/business-info' })).body.data).toMatchObject({ cuit: '20123456786', taxCondition: 'responsable_inscripto' });
  });

  it('only the admin may change it', async () => {
    expect((await put(full, null)).status).toBe(401);
    const seller = await s.sellerToken();
    const res = await put(full, seller);
    expect(res.status).toBe(403);
    expect(res.body.success).toBe(false);
  });

  it('tells the client the shop’s configured time zone (SHOP_TIME_ZONE), which a PUT cannot change', async () => {
    const { s: other, admin: token } = await buildApp({ env: { SHOP_TIME_ZONE: 'America/Mexico_City' } });
    expect((await other.call({ method: 'GET', url: '/api/business-info' })).body.data.timeZone).toBe('America/Mexico_City');
    const res = await other.call({ method: 'PUT', url: '/api/business-info', token, payload: { ...full, timeZone: 'UTC' } });
    expect(res.status).toBe(200);
    expect(res.body.data.timeZone).toBe('America/Mexico_City');
  });

  it('refuses to start with an unknown SHOP_TIME_ZONE, saying which', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mostrador-zona-'));
    try {
      expect(() => loadConfig({ SHOP_TIME_ZONE: 'America/Atlantida' }, { dataDir })).toThrow(/SHOP_TIME_ZONE no es una zona horaria válida: America\/Atlantida/);
      expect(loadConfig({ SHOP_TIME_ZONE: 'America/Mexico_City' }, { dataDir }).timeZone).toBe('America/Mexico_City');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
