/**
 * Each device's printer settings (stored by an admin on the device's row, validated by the domain schema
 * on the way in and on the way out) and printing through the server: the bytes go only to the printer
 * stored for the device whose credential the request proved, never to a host the browser names.
 */
import { eq } from 'drizzle-orm';
import { MSG } from '../../../domain/messages';
import { DEFAULT_PRINTER_SETTINGS, printerSettings, type PrinterSettings } from '../../../domain/schemas/printing';
import { devices } from '../../db/schema';
import { first, type Q, type Store } from '../../db/store';
import { AppError, badRequest, notFound } from '../../http/errors';
import { sendToPrinter } from './network-printer';

const repository = {
  read: (q: Q, id: string) => first(q.select({ printerSettings: devices.printerSettings }).from(devices).where(eq(devices.id, id))),
  write: (tx: Q, id: string, value: string) => tx.update(devices).set({ printerSettings: value }).where(eq(devices.id, id)),
};

/** A stored value that no longer parses (an older shape) reads as the defaults: the dialog. */
export function parsePrinterSettings(stored: string | null | undefined): PrinterSettings {
  if (!stored) return DEFAULT_PRINTER_SETTINGS;
  try {
    const parsed = printerSettings.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : DEFAULT_PRINTER_SETTINGS;
  } catch {
    return DEFAULT_PRINTER_SETTINGS;
  }
}

export async function devicePrinterSettings(store: Store, id: string): Promise<PrinterSettings> {
  const row = await store.read((q) => repository.read(q, id));
  if (!row) throw notFound(MSG.deviceNotFound);
  return parsePrinterSettings(row.printerSettings);
}

export async function setDevicePrinterSettings(store: Store, id: string, settings: PrinterSettings): Promise<PrinterSettings> {
  await store.write(async (tx) => {
    if (!(await repository.read(tx, id))) throw notFound(MSG.deviceNotFound);
    await repository.write(tx, id, JSON.stringify(settings));
  });
  return settings;
}

/** Sends the bytes to the device's network printer; 400 when it prints otherwise, 502 when the printer does not answer. */
export async function printOnDevicePrinter(settings: PrinterSettings, bytes: Uint8Array, timeoutMs: number, log: (error: unknown) => void): Promise<void> {
  if (settings.mode !== 'network' || !settings.host) throw badRequest(MSG.printerNotNetwork);
  try {
    await sendToPrinter(settings.host, settings.port, bytes, timeoutMs);
  } catch (error) {
    log(error);
    throw new AppError(502, MSG.printerUnreachable);
  }
}
