/**
 * Web Serial transport (issue #35 item 1c, docs/printing.md): ESC/POS bytes from the tablet to a printer on a
 * serial port it was paired with: a USB-serial adapter, the virtual COM port a Windows printer driver makes, or
 * a Bluetooth SPP printer (RFCOMM, Chrome for Android 138+). A job opens the port at the device's baud rate,
 * writes the bytes in chunks through its writable stream, closes the stream (which waits until the last byte is
 * handed over) and closes the port, even when a write failed.
 * Invariants: one job at a time on this tablet (common.ts serialise); every failure becomes a PrintError with a
 * Spanish message; the deadline grows with the bytes over the line speed (9600 baud is about 960 bytes a second).
 * The types are the Web Serial API's shapes, as much of them as this module uses.
 */
import { MSG } from '../../../../../domain/messages';
import { PrintError, chunks, errorName, serialise, settle, withTimeout } from './common';

export interface SerialPortInfoLike {
  usbVendorId?: number;
  usbProductId?: number;
  bluetoothServiceClassId?: number | string;
}
export interface SerialPortLike {
  readonly readable: ReadableStream<Uint8Array> | null;
  readonly writable: WritableStream<Uint8Array> | null;
  getInfo(): SerialPortInfoLike;
  open(options: { baudRate: number }): Promise<void>;
  close(): Promise<void>;
}
export interface SerialLike {
  getPorts(): Promise<SerialPortLike[]>;
  requestPort(options?: { filters?: SerialPortInfoLike[] }): Promise<SerialPortLike>;
}

export const SERIAL_CHUNK = 512;
/** Time to write `length` bytes at `baudRate` (10 bits a byte on the line), twice over, plus 5 s. */
export const serialTimeoutMs = (length: number, baudRate: number) => 5_000 + Math.ceil(((length * 10) / baudRate) * 1000 * 2);

/** A Web Serial DOMException as the cashier's reason, by the step that failed. */
export function serialErrorMessage(error: unknown, step: 'open' | 'write'): string {
  if (error instanceof PrintError) return error.message;
  if (errorName(error) === 'NotFoundError') return MSG.serialNotConnected;
  return step === 'open' ? MSG.serialOpenFailed : MSG.serialWriteFailed;
}

async function job(port: SerialPortLike, bytes: Uint8Array, baudRate: number, chunkSize: number, timeoutMs: number): Promise<void> {
  try {
    await port.open({ baudRate });
  } catch (error) {
    throw new PrintError(serialErrorMessage(error, 'open'));
  }
  try {
    const writable = port.writable;
    if (!writable) throw new PrintError(MSG.serialOpenFailed);
    const writer = writable.getWriter();
    try {
      await withTimeout(
        (async () => {
          for (const chunk of chunks(bytes, chunkSize)) await writer.write(chunk);
          await writer.close();
        })(),
        timeoutMs,
        MSG.serialTimeout,
      );
    } catch (error) {
      // Not awaited: an abort waits for a write in flight, which a stuck port never finishes; closing the port ends it.
      writer.abort().catch(() => undefined);
      throw error;
    } finally {
      writer.releaseLock();
    }
  } catch (error) {
    throw new PrintError(serialErrorMessage(error, 'write'));
  } finally {
    await settle(port.close());
  }
}

/** Writes one job to the port; rejects with a PrintError (Spanish message) when it could not. */
export function serialPrint(port: SerialPortLike, bytes: Uint8Array, baudRate: number, options: { chunkSize?: number; timeoutMs?: number } = {}): Promise<void> {
  return serialise(() => job(port, bytes, baudRate, options.chunkSize ?? SERIAL_CHUNK, options.timeoutMs ?? serialTimeoutMs(bytes.length, baudRate)));
}
