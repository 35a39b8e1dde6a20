/**
 * The owner's rules for sellers' returns (domain/sale-returns-rules.ts): safe defaults when nothing (or
 * something unreadable) is stored, calendar days across months and leap years, and the limits' edges: the
 * last allowed day and exactly the limit amount pass, one more day or one more cent does not.
 */
import { describe, expect, it } from 'vitest';
import { daysFrom, returnRulesOf, sellerReturnRefusal } from '../../domain/sale-returns-rules';

const rules = { sellersAllowed: true, maxDays: 30, maxAmountCents: 5_000_000 };
const ret = { saleNumber: 'V-1', saleDay: '2026-11-01', today: '2026-12-01', refundCents: 1_000_000, alreadyReturnedCents: 0 };

describe('seller return rules', () => {
  it('default to allowed, 30 days and $ 50.000 when missing or unreadable', () => {
    const defaults = { sellersAllowed: true, maxDays: 30, maxAmountCents: 5_000_000 };
    expect(returnRulesOf([])).toEqual(defaults);
    expect(returnRulesOf([{ clave: 'vendedores_pueden_devolver', valor: 'quizás' }, { clave: 'dias_maximos', valor: '-3' }, { clave: 'monto_maximo_vendedor', valor: 'mucho' }])).toEqual(defaults);
    expect(returnRulesOf([{ clave: 'vendedores_pueden_devolver', valor: 'false' }, { clave: 'dias_maximos', valor: '0' }, { clave: 'monto_maximo_vendedor', valor: '1234.5' }])).toEqual({
      sellersAllowed: false,
      maxDays: 0,
      maxAmountCents: 123_450,
    });
  });

  it('count calendar days across months and a leap day', () => {
    expect(daysFrom('2026-11-01', '2026-12-01')).toBe(30);
    expect(daysFrom('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysFrom('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysFrom('2026-11-27', '2026-11-27')).toBe(0);
  });

  it('allow the last day and exactly the limit; refuse one day or one cent more, and everything when off', () => {
    expect(sellerReturnRefusal(rules, ret)).toBeNull();
    expect(sellerReturnRefusal(rules, { ...ret, today: '2026-12-02' })).toContain('(hace 31 días)');
    expect(sellerReturnRefusal(rules, { ...ret, refundCents: 4_000_000, alreadyReturnedCents: 1_000_000 })).toBeNull();
    expect(sellerReturnRefusal(rules, { ...ret, refundCents: 4_000_001, alreadyReturnedCents: 1_000_000 })).toBe(
      'Los vendedores pueden devolver hasta $ 50.000,00 por venta sin un administrador, y con esta devolución de $ 40.000,01 la venta V-1 sumaría $ 50.000,01 devueltos. Pedile a un administrador que la registre.',
    );
    expect(sellerReturnRefusal({ ...rules, sellersAllowed: false }, ret)).toBe('El dueño no habilitó las devoluciones por vendedores. Pedile a un administrador que la registre.');
  });
});
