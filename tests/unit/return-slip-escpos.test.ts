/**
 * The «Comprobante de devolución» on the thermal roll (domain/printing/return-slip.ts): golden bytes at 58 and
 * 80 mm (tests/fixtures/escpos/return-slip-*.hex; UPDATE_GOLDEN=1 rewrites them after a deliberate change),
 * read back by the tests' ESC/POS reader (tests/helpers/escpos-reader.ts): the title in code page 850 (Ó), the original sale, who
 * took it, each line's amount never cut, the discount share, the bold TOTAL DEVUELTO, how it was refunded,
 * the credit note, lines within the roll, no drawer pulse, one cut.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { encodeEscPos } from '../../domain/printing/escpos';
import type { PaperWidth } from '../../domain/printing/layout';
import { returnSlipLayout, type ReturnSlipInput } from '../../domain/printing/return-slip';
import { readEscPos } from '../helpers/escpos-reader';

function golden(name: string, bytes: Uint8Array) {
  const file = `tests/fixtures/escpos/${name}.hex`;
  const hex = Buffer.from(bytes).toString('hex').replace(/(.{64})/g, '$1\n');
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(file, hex + '\n');
  expect(existsSync(file), `${file} is missing: run with UPDATE_GOLDEN=1 once and review it`).toBe(true);
  expect(hex + '\n').toBe(readFileSync(file, 'utf8'));
}

const slip: ReturnSlipInput = {
  business: { businessName: 'Almacén Ñandú', cuit: '20123456786', taxConditionLabel: 'Responsable Inscripto', address: 'Av. Güemes 1234', city: 'Córdoba', phone: '351 555-0101' },
  returnNumber: 17,
  dateLabel: '27/11/2026 18:40',
  saleNumber: 'V20261127-0042',
  saleDateLabel: '25/11/2026 10:15',
  userName: 'Rocío Peña',
  items: [
    { name: 'Yerba mate suave 1 kg con palo, paquete económico', quantity: 2, amountCents: 700_100 },
    { name: 'Azúcar', quantity: 1, amountCents: 120_000 },
  ],
  totalCents: 800_000,
  methodLabel: 'Efectivo',
  reason: 'No le quedó bien',
  creditNoteLabel: 'Nota de Crédito B 00004-00000012',
};

describe.each(['58', '80'] as PaperWidth[])('Comprobante de devolución at %s mm', (width) => {
  const columns = width === '58' ? 32 : 48;

  it('golden bytes; the sale, lines, discount share and bold refund read back within the roll', () => {
    const bytes = encodeEscPos(returnSlipLayout(slip, width), { qr: 'native' });
    golden(`return-slip-${width}`, bytes);
    const read = readEscPos(bytes);
    expect(read.codePages).toEqual([2]);
    expect(read.pulses).toBe(0);
    expect(read.cuts).toBe(1);
    expect(read.widest).toBeLessThanOrEqual(columns);
    expect(read.boldLines).toContain('COMPROBANTE DE DEVOLUCIÓN');
    const text = read.lines.join(' ');
    expect(text).toContain('Almacén Ñandú');
    expect(text).toContain('Devolución N° 17');
    expect(text).toContain('Venta original: V20261127-0042 del 25/11/2026 10:15');
    expect(text).toContain('Atendió: Rocío Peña');
    expect(read.lines.some((l) => l.endsWith('$ 7.001,00'))).toBe(true);
    expect(read.lines).toContain(`1 x Azúcar${'$ 1.200,00'.padStart(columns - 10)}`);
    expect(read.lines).toContain(`Subtotal${'$ 8.201,00'.padStart(columns - 8)}`);
    expect(read.lines.some((l) => l.startsWith('Descuento de la venta') && l.endsWith('-$ 201,00'))).toBe(true);
    expect(read.boldLines).toContain(`TOTAL DEVUELTO${'$ 8.000,00'.padStart(columns - 14)}`);
    expect(text).toContain('Devuelto en: Efectivo');
    expect(text).toContain('Motivo: No le quedó bien');
    expect(text).toContain('Nota de Crédito B 00004-00000012');
    expect(read.lines).toContain('Firma del cliente');
  });

  it('without a discount share, reason or credit note: only the refund', () => {
    const plain = { ...slip, items: [slip.items[1]], totalCents: 120_000, reason: null, creditNoteLabel: null, methodLabel: 'Crédito en cuenta corriente' };
    const read = readEscPos(encodeEscPos(returnSlipLayout(plain, width), { qr: 'native' }));
    expect(read.widest).toBeLessThanOrEqual(columns);
    const text = read.lines.join(' ');
    expect(text).not.toContain('Subtotal');
    expect(text).not.toContain('Motivo');
    expect(text).not.toContain('Nota de crédito');
    expect(text).toContain('Devuelto en: Crédito en cuenta corriente');
    expect(read.boldLines).toContain(`TOTAL DEVUELTO${'$ 1.200,00'.padStart(columns - 14)}`);
  });
});
