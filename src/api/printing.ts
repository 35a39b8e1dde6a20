/**
 * Printing (issue #35, docs/printing.md): the admin reads and stores each device's printer; the counter reads
 * its own settings and sends ESC/POS bytes to its network printer through the server (device credential
 * and the signed-in user's token; never redirects on 401, the counter falls back to the print dialog).
 */
import { MSG } from '../../domain/messages';
import type { PrinterSettings } from '../../domain/schemas/printing';
import type { DeviceCredential } from '../offline/transport';
import { api } from './client';
import { deviceHeaders } from './sync';

export const fetchDevicePrinter = (id: string) => api('GET /printing/devices/:id', { params: { id }, errorMessage: MSG.printerLoadError });

export const saveDevicePrinter = (id: string, settings: PrinterSettings) =>
  api('PUT /printing/devices/:id', { params: { id }, json: settings, errorMessage: MSG.printerSaveError });

export const fetchMyPrinter = (device: DeviceCredential) =>
  api('GET /printing/settings', { headers: deviceHeaders(device), noRedirect: true, retry: false, errorMessage: MSG.printerLoadError });

/** The printer answers within PRINTER_TIMEOUT_MS on the server (3 s by default); past this the counter gives up. */
const PRINT_TIMEOUT_MS = 8_000;
export const printOnNetwork = (device: DeviceCredential, data: string) =>
  api('POST /printing/print', { json: { data }, headers: deviceHeaders(device), noRedirect: true, retry: false, timeoutMs: PRINT_TIMEOUT_MS, errorMessage: MSG.printerUnreachable });
