/**
 * A counter device's printer (issue #35, Configuración → Dispositivos): how it prints (the browser's
 * dialog, a network printer through the server, WebUSB or Web Serial from the tablet, with the serial port's
 * speed), the roll width, how the fiscal QR goes (native command or raster image) and what prints on its own. The network printer's
 * address is stored by an admin; the browser never names a host to print to.
 */
import { z } from './common';

export const PRINTER_MODES = ['dialog', 'network', 'webusb', 'webserial'] as const;
export type PrinterMode = (typeof PRINTER_MODES)[number];
/** What prints on confirm: every ticket, only invoices, or ask the cashier. */
export const PRINT_POLICIES = ['all', 'invoices', 'ask'] as const;
export type PrintPolicy = (typeof PRINT_POLICIES)[number];
/** Serial line speeds a thermal printer's port is set to (9600 is the usual factory setting). */
export const BAUD_RATES = [9600, 19200, 38400, 57600, 115200] as const;

/** A host name (letters, digits, hyphens, dots) or an IPv4 address: no scheme, path, port or spaces. */
const HOST = /^(?=.{1,253}$)(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export const printerSettings = z
  .object({
    mode: z.enum(PRINTER_MODES, { error: 'debe ser dialog, network, webusb o webserial' }).default('dialog'),
    host: z.preprocess((v) => (v === '' ? null : v), z.string().trim().regex(HOST, 'debe ser un nombre o una dirección IP, sin http:// ni puerto').nullable()).default(null),
    port: z.coerce.number({ error: 'debe ser un número' }).int('debe ser un número entero').min(1, 'debe estar entre 1 y 65535').max(65535, 'debe estar entre 1 y 65535').default(9100),
    width: z.enum(['58', '80'], { error: 'debe ser 58 u 80' }).default('80'),
    qr: z.enum(['native', 'raster'], { error: 'debe ser native o raster' }).default('native'),
    policy: z.enum(PRINT_POLICIES, { error: 'debe ser all, invoices o ask' }).default('all'),
    /** Kick the cash drawer on cash sales. */
    drawer: z.boolean().default(false),
    /** Web Serial only: the port's speed. */
    baudRate: z.coerce
      .number({ error: 'debe ser un número' })
      .refine((n) => (BAUD_RATES as readonly number[]).includes(n), { message: `debe ser ${BAUD_RATES.join(', ')}` })
      .default(9600),
  })
  .refine((s) => s.mode !== 'network' || s.host !== null, { path: ['host'], message: 'es obligatoria para imprimir por red' });
export type PrinterSettings = z.output<typeof printerSettings>;
export const DEFAULT_PRINTER_SETTINGS: PrinterSettings = { mode: 'dialog', host: null, port: 9100, width: '80', qr: 'native', policy: 'all', drawer: false, baudRate: 9600 };

/** Bytes for the device's network printer, base64 (a long invoice with a raster QR stays well under). */
export const PRINT_MAX_BYTES = 256 * 1024;
export const printBody = z.object({
  data: z
    .string({ error: 'es obligatorio' })
    .max(Math.ceil(PRINT_MAX_BYTES / 3) * 4, 'es demasiado largo')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'debe ser base64'),
});
export const printReply = z.object({ printed: z.literal(true), bytes: z.number().int() });
