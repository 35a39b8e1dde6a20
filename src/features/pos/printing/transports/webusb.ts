/**
 * WebUSB transport (issue #35 item 1b, docs/printing.md): ESC/POS bytes straight from the tablet to a USB
 * printer it was paired with. A job opens the device, selects its configuration when the system left none,
 * claims the interface that holds the printer's bulk OUT endpoint (the printer class, 7, first), writes the
 * bytes in chunks and always releases the interface and closes the device, even when a transfer failed.
 * Invariants: one job at a time on this tablet (a second one waits for the first: two could not both claim the
 * interface); every failure becomes a PrintError with a Spanish message for the cashier; a printer that stops
 * taking data is given up on after USB_TIMEOUT_MS (closing the device aborts the transfer).
 * The types are the WebUSB API's shapes, as much of them as this module uses (no DOM typings for WebUSB).
 */
import { MSG } from '../../../../../domain/messages';
import { PrintError, chunks, errorName, serialise, settle, withTimeout } from './common';

export interface UsbEndpointLike {
  endpointNumber: number;
  direction: 'in' | 'out';
  type: 'bulk' | 'interrupt' | 'isochronous';
  packetSize: number;
}
export interface UsbAlternateLike {
  alternateSetting: number;
  interfaceClass: number;
  endpoints: UsbEndpointLike[];
}
export interface UsbInterfaceLike {
  interfaceNumber: number;
  alternates: UsbAlternateLike[];
}
export interface UsbConfigurationLike {
  configurationValue: number;
  interfaces: UsbInterfaceLike[];
}
export interface UsbDeviceLike {
  vendorId: number;
  productId: number;
  productName?: string | null;
  manufacturerName?: string | null;
  serialNumber?: string | null;
  opened: boolean;
  configuration: UsbConfigurationLike | null;
  configurations: UsbConfigurationLike[];
  open(): Promise<void>;
  close(): Promise<void>;
  selectConfiguration(value: number): Promise<void>;
  claimInterface(interfaceNumber: number): Promise<void>;
  releaseInterface(interfaceNumber: number): Promise<void>;
  selectAlternateInterface(interfaceNumber: number, alternateSetting: number): Promise<void>;
  transferOut(endpointNumber: number, data: Uint8Array): Promise<{ status: 'ok' | 'stall' | 'babble'; bytesWritten: number }>;
}
export interface UsbLike {
  getDevices(): Promise<UsbDeviceLike[]>;
  requestDevice(options: { filters: { classCode?: number }[] }): Promise<UsbDeviceLike>;
}

/** USB printer class (usb.org "Printer" device class). */
export const PRINTER_CLASS = 7;
/** A multiple of every bulk packet size (64 full speed, 512 high speed): small enough for a cheap printer's buffer. */
export const USB_CHUNK = 4096;
/** A ticket with a raster QR is a few kB: far less than this even for a slow printer. */
export const USB_TIMEOUT_MS = 15_000;

export interface BulkOut {
  interfaceNumber: number;
  alternateSetting: number;
  endpointNumber: number;
  packetSize: number;
}

/** The bulk OUT endpoint to print to: on a printer-class interface if there is one, else the first interface that has one. */
export function findBulkOut(configuration: UsbConfigurationLike): BulkOut | null {
  const candidates = configuration.interfaces.flatMap((iface) =>
    iface.alternates.flatMap((alternate) => {
      const endpoint = alternate.endpoints.find((e) => e.direction === 'out' && e.type === 'bulk');
      return endpoint ? [{ printer: alternate.interfaceClass === PRINTER_CLASS, found: { interfaceNumber: iface.interfaceNumber, alternateSetting: alternate.alternateSetting, endpointNumber: endpoint.endpointNumber, packetSize: endpoint.packetSize } }] : [];
    }),
  );
  return (candidates.find((c) => c.printer) ?? candidates[0])?.found ?? null;
}

/** A WebUSB DOMException as the cashier's reason. */
export function usbErrorMessage(error: unknown): string {
  if (error instanceof PrintError) return error.message;
  switch (errorName(error)) {
    case 'SecurityError':
      return MSG.usbAccessDenied;
    case 'NotFoundError':
      return MSG.usbNotConnected;
    case 'NetworkError':
    case 'InvalidStateError':
      return MSG.usbBusy;
    default:
      return MSG.directPrintFailed;
  }
}

async function transfer(device: UsbDeviceLike, endpointNumber: number, chunk: Uint8Array): Promise<void> {
  let sent = 0;
  while (sent < chunk.length) {
    const result = await device.transferOut(endpointNumber, chunk.subarray(sent));
    if (result.status !== 'ok' || result.bytesWritten <= 0) throw new PrintError(MSG.usbTransferFailed);
    sent += result.bytesWritten;
  }
}

async function job(device: UsbDeviceLike, bytes: Uint8Array, chunkSize: number, timeoutMs: number): Promise<void> {
  let claimed: number | null = null;
  let failed = false;
  try {
    await withTimeout(
      (async () => {
        if (!device.opened) await device.open();
        if (!device.configuration) await device.selectConfiguration(device.configurations[0]?.configurationValue ?? 1);
        const out = device.configuration ? findBulkOut(device.configuration) : null;
        if (!out) throw new PrintError(MSG.usbNoBulkOut);
        await device.claimInterface(out.interfaceNumber);
        claimed = out.interfaceNumber;
        if (out.alternateSetting !== 0) await device.selectAlternateInterface(out.interfaceNumber, out.alternateSetting);
        for (const chunk of chunks(bytes, chunkSize)) await transfer(device, out.endpointNumber, chunk);
      })(),
      timeoutMs,
      MSG.usbTimeout,
    );
  } catch (error) {
    failed = true;
    throw new PrintError(usbErrorMessage(error));
  } finally {
    // After a failure the device is closed at once: closing releases the interface and aborts a stuck transfer.
    if (!failed && claimed !== null) await settle(device.releaseInterface(claimed));
    if (device.opened) await settle(device.close());
  }
}

/** Writes one job to the device; rejects with a PrintError (Spanish message) when it could not. */
export function usbPrint(device: UsbDeviceLike, bytes: Uint8Array, options: { chunkSize?: number; timeoutMs?: number } = {}): Promise<void> {
  return serialise(() => job(device, bytes, options.chunkSize ?? USB_CHUNK, options.timeoutMs ?? USB_TIMEOUT_MS));
}
