/**
 * Printing straight from the tablet (issue #35 item 1 b/c, docs/printing.md): whether this browser can (WebUSB /
 * Web Serial exist only in Chromium browsers, in a secure context), pairing the printer once and finding it again.
 * Pairing needs the cashier's tap: `pairPrinter` must be called from the click itself, and asks the browser for
 * its chooser before anything else (a USB printer of class 7, or any serial port). The browser keeps the
 * permission; this device's store keeps which of the granted printers is the one (`meta.printerPairing`), so later
 * sessions reopen it without a prompt (navigator.usb.getDevices / navigator.serial.getPorts).
 * Invariant: every outcome the cashier can meet is a Spanish message, never an exception out of here.
 */
import { MSG } from '../../../../domain/messages';
import type { PrinterMode } from '../../../../domain/schemas/printing';
import { getMeta, setMeta, type PrinterPairing } from '../../../offline/db';
import { PrintError } from './transports/common';
import { PRINTER_CLASS, usbErrorMessage, usbPrint, type UsbDeviceLike, type UsbLike } from './transports/webusb';
import { serialErrorMessage, serialPrint, type SerialLike, type SerialPortLike } from './transports/webserial';

export type DirectMode = Extract<PrinterMode, 'webusb' | 'webserial'>;
export const isDirect = (mode: PrinterMode): mode is DirectMode => mode === 'webusb' || mode === 'webserial';

const api = (): { usb?: UsbLike; serial?: SerialLike } => (typeof navigator === 'undefined' ? {} : (navigator as unknown as { usb?: UsbLike; serial?: SerialLike }));

/** Why this browser cannot print by `mode`, in Spanish; null when it can. */
export function directUnsupported(mode: DirectMode): string | null {
  if (typeof globalThis.isSecureContext === 'boolean' && !globalThis.isSecureContext) return MSG.directInsecure;
  const { usb, serial } = api();
  if (mode === 'webusb') return typeof usb?.requestDevice === 'function' ? null : MSG.webUsbUnsupported;
  return typeof serial?.requestPort === 'function' ? null : MSG.webSerialUnsupported;
}

const hex = (n: number) => n.toString(16).padStart(4, '0');

function usbPairing(device: UsbDeviceLike): PrinterPairing {
  const label = [device.manufacturerName, device.productName].filter(Boolean).join(' ') || 'Impresora USB';
  return { mode: 'webusb', name: `${label} (USB ${hex(device.vendorId)}:${hex(device.productId)})`, vendorId: device.vendorId, productId: device.productId, serialNumber: device.serialNumber ?? null };
}

function serialPairing(port: SerialPortLike): PrinterPairing {
  const info = port.getInfo();
  const usb = info.usbVendorId !== undefined && info.usbProductId !== undefined;
  const name = usb ? `Puerto serie USB ${hex(info.usbVendorId!)}:${hex(info.usbProductId!)}` : info.bluetoothServiceClassId !== undefined ? 'Puerto serie Bluetooth' : 'Puerto serie';
  return { mode: 'webserial', name, vendorId: info.usbVendorId ?? null, productId: info.usbProductId ?? null, serialNumber: null };
}

/**
 * Opens the browser's chooser and remembers the printer chosen. Call it from the tap itself: the chooser is asked
 * for before the first `await`. Resolves with the pairing, or rejects with a PrintError (Spanish message).
 */
export function pairPrinter(mode: DirectMode): Promise<PrinterPairing> {
  const unsupported = directUnsupported(mode);
  if (unsupported) return Promise.reject(new PrintError(unsupported));
  const { usb, serial } = api();
  const chosen: Promise<PrinterPairing> =
    mode === 'webusb' ? usb!.requestDevice({ filters: [{ classCode: PRINTER_CLASS }] }).then(usbPairing) : serial!.requestPort().then(serialPairing);
  return chosen.then(
    async (pairing) => {
      await setMeta('printerPairing', pairing);
      return pairing;
    },
    (error: unknown) => {
      const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : '';
      throw new PrintError(name === 'NotFoundError' ? MSG.pairNoneChosen : name === 'SecurityError' ? MSG.pairDenied : MSG.directPrintFailed);
    },
  );
}

const sameUsb = (pairing: PrinterPairing, device: UsbDeviceLike) =>
  device.vendorId === pairing.vendorId && device.productId === pairing.productId && (pairing.serialNumber === null || device.serialNumber === pairing.serialNumber);

const sameSerial = (pairing: PrinterPairing, port: SerialPortLike) => {
  const info = port.getInfo();
  return (info.usbVendorId ?? null) === pairing.vendorId && (info.usbProductId ?? null) === pairing.productId;
};

/**
 * The paired printer among those the browser granted this origin: the one recorded at pairing, or, when none was
 * recorded here (the permission came from an earlier install), the first granted. Rejects with the Spanish reason.
 */
async function granted<T>(list: () => Promise<T[]>, mode: DirectMode, same: (pairing: PrinterPairing, item: T) => boolean): Promise<T> {
  const [items, pairing] = await Promise.all([list(), getMeta('printerPairing')]);
  const recorded = pairing?.mode === mode ? pairing : undefined;
  const found = recorded ? items.find((item) => same(recorded, item)) : items[0];
  if (found) return found;
  if (recorded) throw new PrintError(mode === 'webusb' ? MSG.usbNotConnected : MSG.serialNotConnected);
  throw new PrintError(mode === 'webusb' ? MSG.usbNotPaired : MSG.serialNotPaired);
}

/** Sends the bytes to this tablet's paired printer; null when printed, else the Spanish reason it did not. */
export async function printDirect(mode: DirectMode, bytes: Uint8Array, baudRate: number): Promise<string | null> {
  const unsupported = directUnsupported(mode);
  if (unsupported) return unsupported;
  const { usb, serial } = api();
  try {
    if (mode === 'webusb') await usbPrint(await granted(() => usb!.getDevices(), mode, sameUsb), bytes);
    else await serialPrint(await granted(() => serial!.getPorts(), mode, sameSerial), bytes, baudRate);
    return null;
  } catch (error) {
    return mode === 'webusb' ? usbErrorMessage(error) : serialErrorMessage(error, 'open');
  }
}

/** The printer paired in this browser for `mode`, if any (for the settings dialog). */
export async function pairedPrinter(mode: DirectMode): Promise<PrinterPairing | null> {
  const pairing = await getMeta('printerPairing');
  return pairing?.mode === mode ? pairing : null;
}
