/**
 * The «Comprobante de devolución» on the thermal roll (domain/printing/return-slip.ts): golden bytes at 58 and
 * 80 mm (tests/fixtures/escpos/return-slip-*.hex; UPDATE_GOLDEN=1 rewrites them after a deliberate change),
 * read back by a small reader of the text commands: the title in code page 850 (Ó), the original sale, who
 * took it, each line's amount never cut, the discount share, the bold TOTAL DEVUELTO, how it was refunded,
 * the credit note, lines within the roll, no drawer pulse, one cut.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { encodeEscPos } from '../../domain/printing/escpos';
import type { PaperWidth } from '../../domain/printing/layout';
import { returnSlipLayout, type ReturnSlipInput } from '../../domain/printing/return-slip';

/** Code page 850 from 0x80 (the characters the slip may use). */
const CP850_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈıÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00AD±‗¾¶§÷¸°¨·¹³²■\u00A0';

/** Text lines, bold lines, code pages, pulses and cuts; any command it does not know fails the test. */
function readText(bytes: Uint8Array) {
  const out = { lines: [] as string[], bold: [] as string[], codePages: [] as number[], pulses: 0, cuts: 0, widest: 0 };
  let line = '';
  let bold = false;
  let lineBold = false;
  const flush = () => {
    out.widest = Math.max(out.widest, line.length);
    out.lines.push(line.trim());
    if (lineBold) out.bold.push(line.trim());
    line = '';
    lineBold = false;
  };
  let i = 0;
  while (i < bytes.length) {
    const [b, c, n] = [bytes[i], bytes[i + 1], bytes[i + 2]];
    if (b === 0x1b) {
      if (c === 0x40) i += 2;
      else if (c === 0x74) {
        out.codePages.push(n);
        i += 3;
      } else if (c === 0x45) {
        bold = n === 1;
        i += 3;
      } else if (c === 0x70) {
        out.pulses++;
        i += 5;
      } else if ([0x61, 0x4d, 0x2d, 0x34, 0x21, 0x33, 0x64].includes(c)) i += 3;
      else if (c === 0x32) i += 2;
      else throw new Error(`ESC ${c.toString(16)} at ${i}`);
    } else if (b === 0x1c && c === 0x2e) i += 2;
    else if (b === 0x1d) {
      if (c === 0x21 || c === 0x42) i += 3;
      else if (c === 0x56) {
        out.cuts++;
        i += n >= 0x41 ? 4 : 3;
      } else throw new Error(`GS ${c.toString(16)} at ${i}`);
    } else if (b === 0x0a) {
      flush();
      i += 1;
    } else if (b === 0x0d) i += 1;
    else {
      line += b < 0x80 ? String.fromCharCode(b) : CP850_HIGH[b - 0x80];
      if (bold && b !== 0x20) lineBold = true;
      i += 1;
    }
  }
  if (line) flush();
  return out;
}

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
    const read = readText(bytes);
    expect(read.codePages).toEqual([2]);
    expect(read.pulses).toBe(0);
    expect(read.cuts).toBe(1);
    expect(read.widest).toBeLessThanOrEqual(columns);
    expect(read.bold).toContain('COMPROBANTE DE DEVOLUCIÓN');
    const text = read.lines.join(' ');
    expect(text).toContain('Almacén Ñandú');
    expect(text).toContain('Devolución N° 17');
    expect(text).toContain('Venta original: V20261127-0042 del 25/11/2026 10:15');
    expect(text).toContain('Atendió: Rocío Peña');
    expect(read.lines.some((l) => l.endsWith('$ 7.001,00'))).toBe(true);
    expect(read.lines).toContain(`1 x Azúcar${'$ 1.200,00'.padStart(columns - 10)}`);
    expect(read.lines).toContain(`Subtotal${'$ 8.201,00'.padStart(columns - 8)}`);
    expect(read.lines.some((l) => l.startsWith('Descuento de la venta') && l.endsWith('-$ 201,00'))).toBe(true);
    expect(read.bold).toContain(`TOTAL DEVUELTO${'$ 8.000,00'.padStart(columns - 14)}`);
    expect(text).toContain('Devuelto en: Efectivo');
    expect(text).toContain('Motivo: No le quedó bien');
    expect(text).toContain('Nota de Crédito B 00004-00000012');
    expect(read.lines).toContain('Firma del cliente');
  });

  it('without a discount share, reason or credit note: only the refund', () => {
    const plain = { ...slip, items: [slip.items[1]], totalCents: 120_000, reason: null, creditNoteLabel: null, methodLabel: 'Crédito en cuenta corriente' };
    const read = readText(encodeEscPos(returnSlipLayout(plain, width), { qr: 'native' }));
    expect(read.widest).toBeLessThanOrEqual(columns);
    const text = read.lines.join(' ');
    expect(text).not.toContain('Subtotal');
    expect(text).not.toContain('Motivo');
    expect(text).not.toContain('Nota de crédito');
    expect(text).toContain('Devuelto en: Crédito en cuenta corriente');
    expect(read.bold).toContain(`TOTAL DEVUELTO${'$ 1.200,00'.padStart(columns - 14)}`);
  });
});
