/**
 * The shop's logo on the thermal roll (issue #35 item 1): its size on the roll (domain/printing/logo-size.ts) and
 * its place in the ticket's bytes: a centred raster (GS v 0) before the shop's name, dot for dot; a ticket
 * without a logo is byte for byte what it was.
 */
import { describe, expect, it } from 'vitest';
import { encodeEscPos } from '../../domain/printing/escpos';
import { ticketLayout, type RasterImage, type TicketInput } from '../../domain/printing/layout';
import { logoSize } from '../../domain/printing/logo-size';
import { readEscPos } from '../helpers/escpos-reader';

/** A `width` × `height` RGBA image: black on the left half, white on the right. */
function halfBlack(width: number, height: number): RasterImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      const value = x < width / 2 ? 0 : 255;
      data.set([value, value, value, 255], at);
    }
  }
  return { width, height, data };
}

const business = { businessName: 'Almacén Ñandú', cuit: '20123456786', taxConditionLabel: 'Responsable Inscripto', address: 'Av. Güemes 1234', city: 'Córdoba', phone: '351 555-0101' };
const ticket = (logo: RasterImage | null | undefined): TicketInput => ({
  business: logo === undefined ? business : { ...business, logo },
  reference: '0001-00000042',
  provisional: false,
  dateLabel: '27/11/2026 10:15',
  sellerName: 'Ana Peña',
  customerName: null,
  items: [{ name: 'Azúcar', quantity: 1, unitPriceCents: 120_000 }],
  subtotalCents: 120_000,
  discountCents: 0,
  totalCents: 120_000,
  paymentLabel: 'Efectivo',
});

describe('the logo’s size on the roll', () => {
  it('fits 256 × 128 dots, keeps its proportions, is never enlarged, and its width is whole bytes', () => {
    expect(logoSize(1000, 500)).toEqual({ width: 256, height: 128 });
    expect(logoSize(192, 192)).toEqual({ width: 128, height: 128 });
    expect(logoSize(300, 60)).toEqual({ width: 256, height: 51 });
    expect(logoSize(100, 50)).toEqual({ width: 96, height: 50 });
    expect(logoSize(4, 4)).toEqual({ width: 8, height: 4 });
  });
});

describe('the logo in the ticket’s bytes', () => {
  for (const width of ['58', '80'] as const) {
    it(`${width} mm: a centred raster before the shop’s name, dot for dot`, () => {
      const bytes = Buffer.from(encodeEscPos(ticketLayout(ticket(halfBlack(16, 8)), width), { qr: 'native', drawer: false }));
      const read = readEscPos(bytes);
      expect(read.rasters).toHaveLength(1);
      const [logo] = read.rasters;
      expect([logo.width, logo.height]).toEqual([16, 8]);
      // Each row: 8 black dots (0xFF) then 8 white ones (0x00).
      expect([...logo.bits]).toEqual(Array.from({ length: 8 }, () => [0xff, 0x00]).flat());
      const raster = bytes.indexOf(Buffer.from([0x1d, 0x76, 0x30]));
      expect(raster).toBeGreaterThan(0);
      expect(raster).toBeLessThan(bytes.indexOf(Buffer.from('Almac', 'latin1')));
      // Centred (ESC a 1) right before it, and the text after it aligned as before.
      expect([...bytes.subarray(raster - 3, raster)]).toEqual([0x1b, 0x61, 0x01]);
      expect(read.lines).toContain('Almacén Ñandú');
    });
  }

  it('without a logo the ticket is byte for byte the same, and has no raster', () => {
    const plain = encodeEscPos(ticketLayout(ticket(undefined), '80'), { qr: 'native', drawer: false });
    expect(encodeEscPos(ticketLayout(ticket(null), '80'), { qr: 'native', drawer: false })).toEqual(plain);
    expect(readEscPos(plain).rasters).toEqual([]);
  });
});
