/**
 * The monotributo tracker (issue #37.4) through the real routes, on either dialect: the 12-month figure equals a
 * brute-force sum over generated invoices and credit notes (authorized CAE and CAEA vouchers of the book only,
 * by voucher date), warnings at 80, 90 and 100 % and at the top category, the seeded category table, its
 * editing (zod, Spanish messages) and admin-only access.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../domain/messages';
import { invoices } from '../../server/db/schema';
import { monotributoStatus } from '../../server/modules/accounting/monotributo';
import { buildApp } from '../helpers/server';
import { CUIT, insertVoucher, type Voucher } from '../helpers/book-vouchers';

const { s, admin } = await buildApp({ env: { ARCA_CUIT: CUIT, ARCA_TAX_CONDITION: 'monotributo', ARCA_ENV: 'homologacion' } });
const seller = await s.sellerToken('vendedor-monotributo');
const userId = (await s.call({ method: 'GET', url: '/api/auth/me', token: admin })).body.data.id as number;

let number = 0;
const insert = (v: Omit<Voucher, 'cbteNro'> & { cbteNro?: number | null }) => insertVoucher(s, userId, { ...v, cbteNro: v.cbteNro === undefined ? ++number : v.cbteNro });
const clearBook = () => s.app.store.write((tx) => tx.delete(invoices));
const status = async (date: string, token = admin) => s.call({ method: 'GET', url: `/api/accounting/monotributo?date=${date}`, token });
const saveSettings = (body: object, token = admin) => s.call({ method: 'PUT', url: '/api/accounting/monotributo/settings', token, payload: body });

const SMALL = { categories: [{ category: 'A', cap: 1000 }, { category: 'B', cap: 2000 }, { category: 'C', cap: 3000 }], source: 'Tabla de prueba', validFrom: '2026-02-01' };

describe('the category table', () => {
  it('starts with the latest published table (A to K), its source and date, and no category chosen', async () => {
    const res = await s.call({ method: 'GET', url: '/api/accounting/monotributo/settings', token: admin });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.category).toBeNull();
    expect(data.categories.map((c: { category: string }) => c.category)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K']);
    expect(data.categories[0]).toEqual({ category: 'A', cap: 10277988.13 });
    expect(data.categories[10]).toEqual({ category: 'K', cap: 108357084.05 });
    expect(data.validFrom).toBe('2026-02-01');
    expect(data.source).toMatch(/ARCA/);
  });

  it('refuses a broken table in Spanish and keeps the stored one', async () => {
    const bad = await saveSettings({ ...SMALL, category: 'A', categories: [{ category: 'A', cap: 1000 }, { category: 'B', cap: 900 }] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/el tope de B debe ser mayor que el de A/);
    const notInTable = await saveSettings({ ...SMALL, category: 'D' });
    expect(notInTable.status).toBe(400);
    expect(notInTable.body.message).toMatch(/la categoría D no está en la tabla/);
    expect((await s.call({ method: 'GET', url: '/api/accounting/monotributo/settings', token: admin })).body.data.categories).toHaveLength(11);
  });

  it('is for admins only, on the server', async () => {
    expect((await s.call({ method: 'GET', url: '/api/accounting/monotributo/settings', token: seller })).status).toBe(403);
    expect((await saveSettings({ ...SMALL, category: 'A' }, seller)).status).toBe(403);
    expect((await status('2026-11-27', seller)).status).toBe(403);
    expect((await s.call({ method: 'GET', url: '/api/accounting/monotributo?date=2026-11-27' })).status).toBe(401);
  });

  it('saves the table and the category', async () => {
    const res = await saveSettings({ ...SMALL, category: 'b' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.monotributoSettingsSaved);
    expect(res.body.data).toMatchObject({ ...SMALL, category: 'B' });
  });
});

describe('the 12-month figure', () => {
  it('counts authorized invoices minus credit notes of the window (CAE and CAEA), nothing else', async () => {
    await clearBook();
    await saveSettings({ ...SMALL, category: 'A' });
    await insert({ cbteTipo: 11, cbteFch: '20251128', totalCents: 10_000 }); // first day of the window
    await insert({ cbteTipo: 11, cbteFch: '20261127', totalCents: 20_000, authorization: 'CAEA', ptoVta: 90 });
    await insert({ cbteTipo: 13, cbteFch: '20260615', totalCents: 5_000 });
    await insert({ cbteTipo: 11, cbteFch: '20251127', totalCents: 99_900 }); // the day before the window
    await insert({ cbteTipo: 11, cbteFch: '20261128', totalCents: 99_900 }); // tomorrow
    await insert({ cbteTipo: 11, cbteFch: '20260101', totalCents: 99_900, status: 'pendiente', cbteNro: null });
    await insert({ cbteTipo: 11, cbteFch: '20260101', totalCents: 99_900, status: 'fallida' });
    await insert({ cbteTipo: 11, cbteFch: '20260101', totalCents: 99_900, issuerCuit: '20123456786' });
    await insert({ cbteTipo: 11, cbteFch: '20260101', totalCents: 99_900, environment: 'produccion' });
    const res = await status('2026-11-27');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      applies: true, asOf: '2026-11-27', window: { from: '2025-11-28', to: '2026-11-27' },
      invoiced: 300, credited: 50, total: 250, vouchers: 3,
      current: { category: 'A', cap: 1000 }, next: { category: 'B', cap: 2000 }, percent: 25, level: 0, atTop: false, fitsIn: 'A',
      source: 'Tabla de prueba', validFrom: '2026-02-01',
    });
    expect(res.body.data.recategorisations.map((r: { month: string; deadline: string }) => `${r.month} ${r.deadline}`)).toEqual(['2027-01 2027-02-05', '2027-07 2027-08-05']);
  });

  it('warns at 80, 90 and 100 % of the category and at the top category', async () => {
    await clearBook();
    await saveSettings({ ...SMALL, category: 'A' });
    const levels: unknown[] = [];
    for (const cents of [79_999, 1, 9_999, 1, 9_999, 1, 1]) {
      await insert({ cbteTipo: 11, cbteFch: '20261101', totalCents: cents });
      const d = (await status('2026-11-27')).body.data;
      levels.push([d.total, d.level, d.over]);
    }
    expect(levels).toEqual([[799.99, 0, false], [800, 80, false], [899.99, 80, false], [900, 90, false], [999.99, 90, false], [1000, 100, false], [1000.01, 100, true]]);
    expect((await status('2026-11-27')).body.data).toMatchObject({ fitsIn: 'B', next: { category: 'B' } });

    await saveSettings({ ...SMALL, category: 'C' });
    await insert({ cbteTipo: 11, cbteFch: '20261101', totalCents: 200_000 });
    expect((await status('2026-11-27')).body.data).toMatchObject({ current: { category: 'C' }, next: null, atTop: true, level: 100, over: true, fitsIn: null });
  });

  it('equals a brute-force sum over generated invoices and credit notes', async () => {
    const asOfs = ['2026-11-27', '2028-02-29', '2027-01-01'];
    const day = (asOf: string, offset: number) => new Date(Date.parse(`${asOf}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    const voucher = fc.record({
      cbteTipo: fc.constantFrom(11, 13, 6, 8, 1, 3),
      offset: fc.integer({ min: -380, max: 5 }),
      totalCents: fc.integer({ min: 1, max: 50_000_000 }),
      status: fc.constantFrom('autorizada', 'autorizada', 'autorizada', 'pendiente', 'fallida'),
      authorization: fc.constantFrom('CAE', 'CAEA'),
      otherBook: fc.constantFrom(false, false, false, false, 'cuit', 'env'),
    });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...asOfs), fc.array(voucher, { maxLength: 12 }), async (asOf, vouchers) => {
        await clearBook();
        let expected = 0;
        let count = 0;
        const [y, m, d] = asOf.split('-').map(Number);
        const yearBefore = new Date(Date.UTC(y - 1, m - 1, Math.min(d, new Date(Date.UTC(y - 1, m, 0)).getUTCDate()))).toISOString().slice(0, 10);
        for (const v of vouchers) {
          const date = day(asOf, v.offset);
          const numbered = v.status !== 'pendiente';
          await insert({
            cbteTipo: v.cbteTipo, cbteFch: date.replaceAll('-', ''), totalCents: v.totalCents, status: v.status as Voucher['status'], authorization: v.authorization as Voucher['authorization'],
            cbteNro: numbered ? undefined : null, ptoVta: v.authorization === 'CAEA' ? 90 : 3,
            issuerCuit: v.otherBook === 'cuit' ? '20123456786' : undefined, environment: v.otherBook === 'env' ? 'produccion' : undefined,
          });
          if (v.status === 'autorizada' && !v.otherBook && date > yearBefore && date <= asOf) {
            expected += [3, 8, 13].includes(v.cbteTipo) ? -v.totalCents : v.totalCents;
            count += 1;
          }
        }
        const data = (await status(asOf)).body.data;
        expect(Math.round(data.total * 100)).toBe(expected);
        expect(Math.round((data.invoiced - data.credited) * 100)).toBe(expected);
        expect(data.vouchers).toBe(count);
      }),
      { numRuns: 20 },
    );
  });
});

describe('who it applies to', () => {
  it('is nothing to track for a Responsable Inscripto or without a CUIT', async () => {
    const eff = { cuit: CUIT, environment: 'homologacion' as const, simulator: false };
    expect(await monotributoStatus(s.app.store, { ...eff, taxCondition: 'responsable_inscripto' }, 'America/Argentina/Buenos_Aires')).toEqual({ applies: false, reason: MSG.monotributoNotIssuer });
    expect(await monotributoStatus(s.app.store, { ...eff, cuit: null, taxCondition: 'monotributo' }, 'America/Argentina/Buenos_Aires')).toEqual({ applies: false, reason: MSG.monotributoNoIssuer });
  });

  it('defaults to today in the shop’s zone and refuses a bad date in Spanish', async () => {
    const today = (await s.call({ method: 'GET', url: '/api/accounting/monotributo', token: admin })).body.data;
    expect(today.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const bad = await status('2026-13-01');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/no es una fecha válida/);
  });
});
