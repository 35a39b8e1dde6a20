/**
 * Issue #33.1: the issuer's CUIT, IVA condition, start of activities and Ingresos Brutos have one home, the
 * business info. The migration (drizzle/0020, drizzle-pg/0010) moves them there keeping the data, the
 * invoicing value winning where the two homes disagreed; invoicing, the pulled business info (the ticket)
 * and the invoice of one sale carry the same CUIT; ARCA_CUIT fixes it for all of them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp, testDialect } from '../helpers/server';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { exec } from '../../server/db/store';
import { sqlGet } from '../helpers/sql';
import { arcaApp, generate, ISSUER_CUIT, paidSale } from './arca/harness';

const migration = readFileSync(
  path.resolve(testDialect === 'postgres' ? 'drizzle-pg/0010_issuer_home_buyer_snapshot.sql' : 'drizzle/0020_issuer_home_buyer_snapshot.sql'),
  'utf8',
)
  .split('--> statement-breakpoint')
  .map((statement) => statement.trim())
  .filter(Boolean);

/** The tables as they were before the migration (its columns gone, the old ones back). */
const BEFORE = [
  'ALTER TABLE business_info DROP COLUMN start_of_activities',
  'ALTER TABLE business_info DROP COLUMN iibb',
  'ALTER TABLE invoices DROP COLUMN buyer_name',
  'ALTER TABLE invoices DROP COLUMN buyer_address',
  'ALTER TABLE arca_settings ADD COLUMN cuit text',
  'ALTER TABLE arca_settings ADD COLUMN tax_condition text',
  'ALTER TABLE arca_settings ADD COLUMN start_of_activities text',
  'ALTER TABLE arca_settings ADD COLUMN iibb text',
];

/**
 * The tables put back as they were, the old data written and the migration run, in ONE write unit: the
 * server's background loops (which read the business info) never see the tables half-way.
 */
function migrateFromBefore(app: FastifyInstance, oldData: string[]): Promise<void> {
  return app.store.write(async (tx) => {
    for (const statement of [...BEFORE, ...oldData, ...migration]) await exec(tx, sql.raw(statement));
  });
}

describe('the migration to one home', () => {
  it('keeps both homes’ data; where they disagree the invoicing CUIT and condition win', async () => {
    const { s, admin } = await buildApp();
    await migrateFromBefore(s.app, [
      "UPDATE business_info SET business_name = 'Kiosco', cuit = '20-12345678-9', tax_condition = 'Monotributo', address = 'Mitre 1' WHERE id = 1",
      "INSERT INTO arca_settings (id, cuit, tax_condition, start_of_activities, iibb, pto_vta, environment) VALUES (1, '20111111112', 'responsable_inscripto', '2020-03-01', '901-123456-7', 3, 'homologacion')",
    ]);
    const info = (await s.call({ method: 'GET', url: '/api/business-info' })).body.data;
    expect(info).toMatchObject({ businessName: 'Kiosco', address: 'Mitre 1', cuit: '20111111112', taxCondition: 'responsable_inscripto', startOfActivities: '2020-03-01', iibb: '901-123456-7' });
    expect(await sqlGet(s.app, 'SELECT pto_vta, environment FROM arca_settings WHERE id = 1')).toEqual({ pto_vta: 3, environment: 'homologacion' });
    const settings = (await s.call({ method: 'GET', url: '/api/invoices/settings', token: admin })).body.data;
    expect(settings).toMatchObject({ cuit: '20111111112', taxCondition: 'responsable_inscripto', startOfActivities: '2020-03-01', iibb: '901-123456-7', ptoVta: 3 });
  });

  it('without invoicing settings the business values stay, a typed condition mapped to its code, another kept as typed', async () => {
    const { s } = await buildApp();
    await migrateFromBefore(s.app, ["UPDATE business_info SET business_name = 'Kiosco', cuit = '20-12345678-6', tax_condition = 'Responsable Inscripto' WHERE id = 1"]);
    expect((await s.call({ method: 'GET', url: '/api/business-info' })).body.data).toMatchObject({ cuit: '20-12345678-6', taxCondition: 'responsable_inscripto', startOfActivities: null, iibb: null });
    await migrateFromBefore(s.app, ["UPDATE business_info SET tax_condition = 'Exento' WHERE id = 1"]);
    expect((await s.call({ method: 'GET', url: '/api/business-info' })).body.data).toMatchObject({ cuit: '20-12345678-6', taxCondition: 'Exento' });
  });
});

describe('one CUIT on the ticket and on the Factura', () => {
  it('the business tab’s CUIT and condition are what invoicing sends, the tablets pull and the invoice keeps', async () => {
    const { s, admin } = await buildApp({ env: { DEMO_DATA: 'true' } });
    const before = (await s.call({ method: 'GET', url: '/api/business-info' })).body.data;
    const { timeZone: _tz, ...info } = before;
    const saved = await s.call({ method: 'PUT', url: '/api/business-info', token: admin, payload: { ...info, cuit: '30-71234567-1', taxCondition: 'Responsable Inscripto', startOfActivities: '2019-05-02', iibb: '30-71234567-1' } });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ cuit: '30712345671', taxCondition: 'responsable_inscripto', startOfActivities: '2019-05-02' });
    const status = (await s.call({ method: 'GET', url: '/api/invoices/status', token: admin })).body.data;
    expect(status).toMatchObject({ cuit: '30712345671', taxCondition: 'responsable_inscripto', startOfActivities: '2019-05-02', iibb: '30-71234567-1', allowedTypes: [1, 6] });
    const device = await s.registerDevice(admin);
    const pulled = (await s.call({ method: 'GET', url: '/api/sync/pull?since=0', token: admin, headers: device.headers })).body.data;
    expect(pulled.businessInfo).toMatchObject({ cuit: '30712345671', taxCondition: 'responsable_inscripto', startOfActivities: '2019-05-02', iibb: '30-71234567-1' });
    const saleId = await paidSale(s, admin, [{ price: 121, quantity: 1 }]);
    const invoice = await generate(s, admin, saleId, { tipo_comprobante: 6 });
    expect(invoice.status).toBe(201);
    expect(invoice.body.data).toMatchObject({ issuerCuit: '30712345671', issuerTaxCondition: 'responsable_inscripto', simulator: true });
    // A CUIT with a wrong check digit is refused on the business tab too.
    const bad = await s.call({ method: 'PUT', url: '/api/business-info', token: admin, payload: { ...info, cuit: '20-12345678-9' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/cuit.*dígito verificador incorrecto/i);
  });

  it('ARCA_CUIT and ARCA_TAX_CONDITION are written to the business info at start and win over the business tab', async () => {
    const { s, admin } = await arcaApp('responsable_inscripto');
    expect((await s.call({ method: 'GET', url: '/api/business-info' })).body.data).toMatchObject({ cuit: ISSUER_CUIT, taxCondition: 'responsable_inscripto' });
    const put = await s.call({ method: 'PUT', url: '/api/business-info', token: admin, payload: { businessName: 'Kiosco', cuit: '30712345671', taxCondition: 'monotributo', iibb: 'Exento' } });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ cuit: ISSUER_CUIT, taxCondition: 'responsable_inscripto', iibb: 'Exento' });
    const saleId = await paidSale(s, admin, [{ price: 121, quantity: 1 }]);
    const invoice = await generate(s, admin, saleId, { tipo_comprobante: 6 });
    expect(invoice.body.data.issuerCuit).toBe(ISSUER_CUIT);
  });
});
