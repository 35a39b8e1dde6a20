/**
 * Labels on the device's network label/receipt printer (issue #35 item 5, docs/printing.md «Etiquetas»):
 * the same path as the counter's tickets (POST /printing/print with this browser's device credential; the
 * server sends the bytes to the printer stored for the device). The encoder is a dynamic import.
 */
import type { PrinterSettings } from '../../../../domain/schemas/printing';
import type { LabelItem, LabelKind } from '../../../../domain/shelf-labels';
import { fetchMyPrinter, printOnNetwork } from '../../../api/printing';
import { getDeviceCredential } from '../../../offline/device';

/** This browser's printer when it is a registered device set to print by network; null otherwise. */
export async function networkPrinter(): Promise<PrinterSettings | null> {
  const device = await getDeviceCredential();
  if (!device) return null;
  const result = await fetchMyPrinter(device);
  return result.success && result.data.mode === 'network' ? result.data : null;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Sends the labels; the server's Spanish message when the printer (or the server) did not take them. */
export async function printLabelsOnNetwork(labels: LabelItem[], kind: LabelKind, width: PrinterSettings['width'], dateText: string): Promise<{ ok: true } | { ok: false; message: string }> {
  const device = await getDeviceCredential();
  if (!device) return { ok: false, message: 'Este navegador no es un dispositivo registrado' };
  const { encodeLabels } = await import('../../../../domain/printing/label-escpos');
  const result = await printOnNetwork(device, toBase64(encodeLabels(labels, { kind, width, dateText })));
  return result.success ? { ok: true } : { ok: false, message: result.message };
}
