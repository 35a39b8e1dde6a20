import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCents } from '../../domain/money';
import { computeSaleTotals, discountProblem } from '../../domain/sale-totals';

describe('computeSaleTotals', () => {
  it('adds lines in cents and subtracts the discount', () => {
    const totals = computeSaleTotals(
      [
        { quantity: 3, unitPriceCents: toCents(0.1), unitCostCents: 5 },
        { quantity: 1, unitPriceCents: toCents(0.2), unitCostCents: 10 },
      ],
      toCents(0.05),
    );
    expect(totals).toEqual({ lineSubtotalsCents: [30, 20], subtotalCents: 50, discountCents: 5, totalCents: 45, costCents: 25 });
  });

  it('accepts a discount equal to the subtotal, refuses one above it or negative', () => {
    expect(computeSaleTotals([{ quantity: 2, unitPriceCents: 500 }], 1000).totalCents).toBe(0);
    expect(() => computeSaleTotals([{ quantity: 2, unitPriceCents: 500 }], 1001)).toThrow('El descuento no puede superar el subtotal de la venta');
    expect(discountProblem(100, -1)).toBe('El descuento no puede ser negativo');
    expect(discountProblem(100, 0.5)).toBe('El descuento no puede ser negativo');
    expect(discountProblem(100, 100)).toBeNull();
  });

  it('refuses zero, negative or fractional quantities and bad prices', () => {
    expect(() => computeSaleTotals([{ quantity: 0, unitPriceCents: 1 }])).toThrow('La cantidad debe ser un entero positivo');
    expect(() => computeSaleTotals([{ quantity: 1.5, unitPriceCents: 1 }])).toThrow('La cantidad debe ser un entero positivo');
    expect(() => computeSaleTotals([{ quantity: 1, unitPriceCents: -1 }])).toThrow('El precio unitario no es válido');
    expect(() => computeSaleTotals([{ quantity: 1, unitPriceCents: 1.5 }])).toThrow('El precio unitario no es válido');
  });

  it('always yields integers with total = subtotal − discount and subtotal = Σ lines', () => {
    const line = fc.record({ quantity: fc.integer({ min: 1, max: 1000 }), unitPriceCents: fc.integer({ min: 0, max: 10_000_000 }), unitCostCents: fc.integer({ min: 0, max: 10_000_000 }) });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 20 }), fc.double({ min: 0, max: 1, noNaN: true }), (lines, share) => {
        const subtotal = lines.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0);
        const discount = Math.floor(subtotal * share);
        const totals = computeSaleTotals(lines, discount);
        expect(totals.subtotalCents).toBe(subtotal);
        expect(totals.lineSubtotalsCents.reduce((a, b) => a + b, 0)).toBe(subtotal);
        expect(totals.totalCents).toBe(subtotal - discount);
        expect(Number.isInteger(totals.totalCents) && totals.totalCents >= 0).toBe(true);
      }),
    );
  });
});
