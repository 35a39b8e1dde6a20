/**
 * ESC/POS output of the counter's printouts (issue #35): golden bytes of a plain ticket, a Factura B and a
 * Z at 58 and 80 mm (tests/fixtures/escpos/*.hex; UPDATE_GOLDEN=1 rewrites them after a deliberate change),
 * read back by a small ESC/POS reader: the text in code page 850 (accents, ñ, ¿), line widths, bold TOTAL,
 * the drawer pulse, the cut, and the fiscal QR, both as the native command's stored payload and as a
 * raster image decoded with jsqr, back to the invoice's RG 4892 data.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { parseQrUrl } from '../../domain/invoicing';
import { drawerKick, encodeEscPos } from '../../domain/printing/escpos';
import { cashReportLayout, invoiceLayout, ticketLayout, type InvoiceInput, type PaperWidth, type TicketInput, type CashReportInput } from '../../domain/printing/layout';
import { readEscPos, type Read } from '../helpers/escpos-reader';

function rasterToRgba(raster: Read['rasters'][number]): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(raster.width * raster.height * 4).fill(255);
  for (let y = 0; y < raster.height; y++)
    for (let x = 0; x < raster.width; x++) {
      const on = (raster.bits[y * (raster.width / 8) + (x >> 3)] >> (7 - (x & 7))) & 1;
      if (on) rgba.fill(0, (y * raster.width + x) * 4, (y * raster.width + x) * 4 + 3);
    }
  return rgba;
}

const business = { businessName: 'Almacén Ñandú', cuit: '20123456786', taxConditionLabel: 'Responsable Inscripto', address: 'Av. Güemes 1234', city: 'Córdoba', phone: '351 555-0101' };
const items = [
  { name: 'Yerba mate suave 1 kg con palo, paquete económico', quantity: 2, unitPriceCents: 350_050 },
  { name: 'Azúcar', quantity: 1, unitPriceCents: 120_000 },
];

const ticket: TicketInput = {
  business,
  reference: '0001-00000042',
  provisional: false,
  dateLabel: '27/11/2026 10:15',
  sellerName: 'Ana Peña',
  customerName: null,
  items,
  subtotalCents: 820_100,
  discountCents: 20_100,
  totalCents: 800_000,
  paymentLabel: 'Efectivo',
};

const facturaB: InvoiceInput = {
  business,
  letter: 'B',
  typeLabel: 'Factura B',
  codeLabel: 'Cód. 006',
  invoiceType: 6,
  ptoVta: 4,
  cbteNro: 1836,
  invoiceNumber: '00004-00001836',
  date: '2026-11-27',
  dateLabel: '27/11/2026',
  issuerCuit: '20123456786',
  issuerConditionLabel: 'IVA Responsable Inscripto',
  iibb: '901-123456-7',
  startOfActivitiesLabel: '01/03/2015',
  buyerName: null,
  docTipo: 99,
  docNro: '0',
  buyerDocumentLabel: 'Sin identificar',
  condicionIvaReceptor: 5,
  ivaConditionLabel: 'Consumidor Final',
  saleConditionLabel: 'Contado',
  saleNumber: '0001-00000042',
  items,
  subtotalCents: 820_100,
  discountCents: 20_100,
  totalCents: 800_000,
  netCents: 661_157,
  ivaCents: 138_843,
  ivaBreakdown: [],
  cae: '76123456789012',
  caeExpirationLabel: '07/12/2026',
  authorization: 'CAE',
};

const z: CashReportInput = {
  businessName: 'Almacén Ñandú',
  zNumber: 17,
  closed: true,
  openedLabel: '27/11/2026 08:00 · Ana Peña',
  closedLabel: '27/11/2026 20:05 · José Muñoz',
  floatCents: 1_000_000,
  sales: [
    { label: 'Efectivo', count: 12, totalCents: 4_530_000 },
    { label: 'Tarjeta', count: 3, totalCents: 1_200_050 },
    { label: 'Transferencia', count: 0, totalCents: 0 },
  ],
  movements: [{ label: 'Retiro: Depósito bancario (¿sobre 3?)', signedCents: -2_000_000 }],
  drawerOpens: 3,
  expectedCents: 3_530_000,
  countedCents: 3_529_000,
  differenceCents: -1_000,
  comment: 'Faltó cambio',
  declared: [{ label: 'Tarjeta confirmada', cents: 1_200_050 }],
};

function golden(name: string, bytes: Uint8Array) {
  const file = `tests/fixtures/escpos/${name}.hex`;
  const hex = Buffer.from(bytes).toString('hex').replace(/(.{64})/g, '$1\n');
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(file, hex + '\n');
  expect(existsSync(file), `${file} is missing: run with UPDATE_GOLDEN=1 once and review it`).toBe(true);
  expect(hex + '\n').toBe(readFileSync(file, 'utf8'));
}

const widths: PaperWidth[] = ['58', '80'];

describe.each(widths)('ESC/POS at %s mm', (width) => {
  const columns = width === '58' ? 32 : 48;

  it('a plain ticket: golden bytes, PC850 accents, lines within the roll, bold TOTAL, drawer pulse and cut', () => {
    const bytes = encodeEscPos(ticketLayout(ticket, width), { qr: 'native', drawer: true });
    golden(`ticket-${width}`, bytes);
    expect([...bytes.subarray(0, 2)]).toEqual([0x1b, 0x40]);
    const read = readEscPos(bytes);
    expect(read.codePages).toEqual([2]);
    expect(read.pulses).toBe(1);
    expect(read.cuts).toBe(1);
    expect(read.widest).toBeLessThanOrEqual(columns);
    expect(read.lines).toContain('¡Gracias por su compra!');
    expect(read.lines.some((l) => l.includes('Almacén Ñandú'))).toBe(true);
    expect(read.lines.some((l) => l.includes('Vendedor: Ana Peña'))).toBe(true);
    expect(read.lines.join(' ')).toContain('Yerba mate suave');
    const total = read.boldLines.find((l) => l.startsWith('TOTAL'));
    expect(total).toBe(`TOTAL${'$ 8.000,00'.padStart(columns - 5)}`);
    expect(read.lines).toContain(`Descuento${'-$ 201,00'.padStart(columns - 9)}`);
    // The item's own amount is never cut, however long its name.
    expect(read.lines.some((l) => l.endsWith('$ 7.001,00'))).toBe(true);
  });

  it('a Factura B: golden bytes, the native QR stores the invoice RG 4892 data, Ley 27.743 block', () => {
    const bytes = encodeEscPos(invoiceLayout(facturaB, width), { qr: 'native' });
    golden(`factura-b-${width}`, bytes);
    const read = readEscPos(bytes);
    expect(read.pulses).toBe(0);
    expect(read.qrPayloads).toHaveLength(1);
    expect(parseQrUrl(read.qrPayloads[0])).toEqual({
      ver: 1, fecha: '2026-11-27', cuit: 20123456786, ptoVta: 4, tipoCmp: 6, nroCmp: 1836, importe: 8000,
      moneda: 'PES', ctz: 1, tipoDocRec: 99, nroDocRec: 0, tipoCodAut: 'E', codAut: 76123456789012,
    });
    expect(read.widest).toBeLessThanOrEqual(columns);
    expect(read.lines.join(' ')).toContain('Fecha de emisión: 27/11/2026');
    expect(read.lines.join(' ')).toContain('Condición frente al IVA: Consumidor Final');
    expect(read.boldLines.some((l) => l.startsWith('TOTAL'))).toBe(true);
    expect(read.lines.some((l) => l.startsWith('IVA Contenido') && l.endsWith('$ 1.388,43'))).toBe(true);
  });

  it('a Factura B for a printer without a QR engine: the raster image decodes back to the same RG 4892 data', () => {
    const bytes = encodeEscPos(invoiceLayout(facturaB, width), { qr: 'raster' });
    const read = readEscPos(bytes);
    expect(read.qrPayloads).toHaveLength(0);
    expect(read.rasters).toHaveLength(1);
    const raster = read.rasters[0];
    expect(raster.width).toBeLessThanOrEqual(width === '58' ? 384 : 576);
    const decoded = jsQR(rasterToRgba(raster), raster.width, raster.height);
    expect(parseQrUrl(decoded?.data ?? '')).toMatchObject({ cuit: 20123456786, ptoVta: 4, tipoCmp: 6, nroCmp: 1836, importe: 8000, codAut: 76123456789012 });
  });

  it('a Z: golden bytes, counted, difference in bold, drawer openings counted, ¿ and ñ in PC850', () => {
    const bytes = encodeEscPos(cashReportLayout(z, width), { qr: 'native' });
    golden(`z-${width}`, bytes);
    const read = readEscPos(bytes);
    expect(read.widest).toBeLessThanOrEqual(columns);
    expect(read.boldLines).toContain('Cierre Z N° 17');
    expect(read.boldLines.some((l) => l.startsWith('Diferencia') && l.endsWith('-$ 10,00'))).toBe(true);
    expect(read.lines.join(' ')).toContain('¿sobre 3?');
    expect(read.lines.join(' ')).toContain('José Muñoz');
    expect(read.lines).toContain('Aperturas de cajón: 3');
    // Opening the drawer never moves money: the expected cash is the same line as before.
    expect(read.boldLines).toContain(`Efectivo esperado${'$ 35.300,00'.padStart(columns - 17)}`);
    // The raw bytes of the code page: ñ 0xA4, ¿ 0xA8, é 0x82.
    const raw = Buffer.from(bytes);
    expect(raw.includes(Buffer.from('Mu\xa4oz', 'latin1'))).toBe(true);
    expect(raw.includes(Buffer.from('\xa8sobre', 'latin1'))).toBe(true);
    expect(raw.includes(Buffer.from('Jos\x82', 'latin1'))).toBe(true);
  });
});

describe('ESC/POS edge cases', () => {
  it('an X report of an open session and a Z not yet delivered say so', () => {
    const x = readEscPos(encodeEscPos(cashReportLayout({ ...z, closed: false, zNumber: undefined, issuedLabel: '27/11/2026 12:00' }, '80'), { qr: 'native' }));
    expect(x.boldLines).toContain('Informe X (caja abierta)');
    expect(x.lines.join(' ')).not.toContain('Efectivo contado');
    const pending = readEscPos(encodeEscPos(cashReportLayout({ ...z, zNumber: null }, '58'), { qr: 'native' }));
    expect(pending.lines.join(' ')).toContain('(pendiente de sincronizar)');
  });

  it('a CAEA invoice carries tipoCodAut "A" in its QR', () => {
    const read = readEscPos(encodeEscPos(invoiceLayout({ ...facturaB, authorization: 'CAEA', cae: '31234567890123' }, '58'), { qr: 'native' }));
    expect(parseQrUrl(read.qrPayloads[0])).toMatchObject({ tipoCodAut: 'A', codAut: 31234567890123 });
    expect(read.lines.join(' ')).toContain('CAEA N°: 31234567890123');
  });

  it('the drawer kick alone is a reset and one pulse on pin 2', () => {
    const bytes = drawerKick();
    expect([...bytes.subarray(0, 2)]).toEqual([0x1b, 0x40]);
    expect([...bytes.subarray(-5)]).toEqual([0x1b, 0x70, 0x00, 0x32, 0xfa]);
    const read = readEscPos(bytes);
    expect(read.pulses).toBe(1);
    expect(read.cuts).toBe(0);
    expect(read.lines.filter(Boolean)).toEqual([]);
  });
});
