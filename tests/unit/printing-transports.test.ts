/**
 * The tablet's direct printer transports (issue #35 item 1 b/c) against the fake WebUSB / Web Serial devices of
 * tests/helpers/fake-printer-apis.ts (the same ones the e2e suite installs in Chromium): the bytes arrive whole,
 * in chunks no larger than asked, on the printer's bulk OUT endpoint; the interface is released and the device
 * or port closed after every job, also after a failure; each failure reads as a Spanish reason; jobs never
 * interleave.
 */
import { describe, expect, it } from 'vitest';
import { MSG } from '../../domain/messages';
import { chunks, PrintError } from '../../src/features/pos/printing/transports/common';
import { findBulkOut, usbPrint, type UsbDeviceLike } from '../../src/features/pos/printing/transports/webusb';
import { serialPrint, serialTimeoutMs, type SerialPortLike } from '../../src/features/pos/printing/transports/webserial';
import { fakePrinterApis, type FakeSerialOptions, type FakeUsbOptions } from '../helpers/fake-printer-apis';

const ticket = (length: number) => Uint8Array.from({ length }, (_, i) => (i * 7 + 3) % 256);

function usbFake(options: FakeUsbOptions = {}) {
  const fake = fakePrinterApis({ usb: { granted: true, ...options }, serial: false });
  return { device: fake.usbDevice as unknown as UsbDeviceLike & { opened: boolean }, log: fake.log.usb };
}

function serialFake(options: FakeSerialOptions = {}) {
  const fake = fakePrinterApis({ usb: false, serial: { granted: true, ...options } });
  return { port: fake.serialPort as unknown as SerialPortLike, log: fake.log.serial };
}

async function reason(job: Promise<unknown>): Promise<string> {
  const error = await job.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PrintError);
  return (error as PrintError).message;
}

describe('chunks', () => {
  it('cuts the bytes into pieces of at most the size, in order, the last one shorter', () => {
    const bytes = ticket(10);
    const pieces = [...chunks(bytes, 4)];
    expect(pieces.map((p) => p.length)).toEqual([4, 4, 2]);
    expect(pieces.flatMap((p) => [...p])).toEqual([...bytes]);
    expect([...chunks(ticket(8), 4)].map((p) => p.length)).toEqual([4, 4]);
    expect([...chunks(new Uint8Array(0), 4)]).toEqual([]);
  });

  it('refuses a size that is not a positive whole number', () => {
    expect(() => [...chunks(ticket(3), 0)]).toThrow(RangeError);
    expect(() => [...chunks(ticket(3), 1.5)]).toThrow(RangeError);
  });
});

describe('findBulkOut', () => {
  it('takes the bulk OUT endpoint of the printer interface, not its IN endpoint', () => {
    const { device } = usbFake();
    expect(findBulkOut(device.configuration!)).toEqual({ interfaceNumber: 0, alternateSetting: 0, endpointNumber: 3, packetSize: 64 });
  });

  it('prefers the printer-class interface (on its alternate setting) to a vendor interface listed first', () => {
    const { device } = usbFake({ layout: 'vendor-first' });
    expect(findBulkOut(device.configuration!)).toEqual({ interfaceNumber: 1, alternateSetting: 1, endpointNumber: 6, packetSize: 64 });
  });

  it('falls back to any bulk OUT endpoint, and finds none where there is none', () => {
    const { device } = usbFake({ layout: 'vendor-first' });
    const vendorOnly = { ...device.configuration!, interfaces: device.configuration!.interfaces.slice(0, 1) };
    expect(findBulkOut(vendorOnly)?.endpointNumber).toBe(5);
    expect(findBulkOut(usbFake({ layout: 'no-bulk-out' }).device.configuration!)).toBeNull();
  });
});

describe('usbPrint', () => {
  it('writes every byte once, in chunks of at most the size, then releases the interface and closes the device', async () => {
    const { device, log } = usbFake();
    const bytes = ticket(10_000);
    await usbPrint(device, bytes, { chunkSize: 4096 });
    expect(log.jobs).toEqual([[...bytes]]);
    expect(log.transfers).toEqual([
      { endpoint: 3, length: 4096 },
      { endpoint: 3, length: 4096 },
      { endpoint: 3, length: 1808 },
    ]);
    expect(log.calls).toEqual(['open', 'claimInterface 0', 'releaseInterface 0', 'close']);
    expect(device.opened).toBe(false);
  });

  it('selects the configuration when the system left none, and the alternate setting that holds the endpoint', async () => {
    const { device, log } = usbFake({ layout: 'vendor-first', unconfigured: true });
    await usbPrint(device, ticket(100));
    expect(log.calls).toEqual(['open', 'selectConfiguration 1', 'claimInterface 1', 'selectAlternateInterface 1 1', 'releaseInterface 1', 'close']);
    expect(log.transfers).toEqual([{ endpoint: 6, length: 100 }]);
  });

  it('sends the rest of a chunk the printer took only in part', async () => {
    const { device, log } = usbFake({ maxPerTransfer: 64 });
    const bytes = ticket(200);
    await usbPrint(device, bytes, { chunkSize: 128 });
    expect(log.jobs).toEqual([[...bytes]]);
    expect(log.transfers.map((t) => t.length)).toEqual([64, 64, 64, 8]);
  });

  it('says why in Spanish when it cannot print, and closes the device every time', async () => {
    const cases: [FakeUsbOptions, string][] = [
      [{ layout: 'no-bulk-out' }, MSG.usbNoBulkOut],
      [{ claim: 'network' }, MSG.usbBusy],
      [{ claim: 'security' }, MSG.usbAccessDenied],
      [{ transfer: 'reject' }, MSG.usbBusy],
      [{ transfer: 'stall' }, MSG.usbTransferFailed],
    ];
    for (const [options, message] of cases) {
      const { device, log } = usbFake(options);
      expect(await reason(usbPrint(device, ticket(50)))).toBe(message);
      expect(device.opened).toBe(false);
      expect(log.calls.at(-1)).toBe('close');
      expect(log.jobs).toEqual([]);
    }
  });

  it('gives up on a printer that stops taking data, closing the device (which aborts the transfer)', async () => {
    const { device, log } = usbFake({ transfer: 'hang' });
    expect(await reason(usbPrint(device, ticket(50), { timeoutMs: 50 }))).toBe(MSG.usbTimeout);
    expect(device.opened).toBe(false);
    expect(log.calls.at(-1)).toBe('close');
    // The queue goes on: the next job on a working printer prints.
    const next = usbFake();
    await usbPrint(next.device, ticket(10));
    expect(next.log.jobs).toHaveLength(1);
  });

  it('runs two jobs asked for at once one after the other, never interleaved', async () => {
    const { device, log } = usbFake();
    const first = ticket(9000);
    const second = Uint8Array.from([0x1b, 0x70, 0x00, 0x32, 0xfa]);
    await Promise.all([usbPrint(device, first, { chunkSize: 1000 }), usbPrint(device, second)]);
    expect(log.jobs).toEqual([[...first], [...second]]);
    expect(log.calls.filter((c) => c === 'open')).toHaveLength(2);
  });
});

describe('serialPrint', () => {
  it('opens the port at the baud rate, writes every byte in chunks of at most the size, and closes it', async () => {
    const { port, log } = serialFake();
    const bytes = ticket(1300);
    await serialPrint(port, bytes, 19200, { chunkSize: 512 });
    expect(log.opens).toEqual([{ baudRate: 19200 }]);
    expect(log.writes).toEqual([512, 512, 276]);
    expect(log.jobs).toEqual([[...bytes]]);
    expect(log.calls).toEqual(['open', 'close']);
    expect(port.writable).toBeNull();
  });

  it('says why in Spanish when the port cannot open or a write fails, and closes the port after a failed write', async () => {
    const busy = serialFake({ open: 'busy' });
    expect(await reason(serialPrint(busy.port, ticket(10), 9600))).toBe(MSG.serialOpenFailed);
    const failing = serialFake({ write: 'reject' });
    expect(await reason(serialPrint(failing.port, ticket(10), 9600))).toBe(MSG.serialWriteFailed);
    expect(failing.log.calls).toEqual(['open', 'close']);
    expect(failing.port.writable).toBeNull();
    expect(failing.log.jobs).toEqual([]);
  });

  it('gives up on a port that stops taking data and closes it; the next job prints', async () => {
    const { port, log } = serialFake({ write: 'hang' });
    expect(await reason(serialPrint(port, ticket(10), 9600, { timeoutMs: 50 }))).toBe(MSG.serialTimeout);
    expect(log.calls).toEqual(['open', 'close']);
    expect(port.writable).toBeNull();
    const next = serialFake();
    await serialPrint(next.port, ticket(10), 9600);
    expect(next.log.jobs).toHaveLength(1);
  });

  it('allows time in proportion to the bytes over the line speed', () => {
    expect(serialTimeoutMs(0, 9600)).toBe(5000);
    // 9600 bytes at 9600 baud: 10 s on the line, allowed twice over.
    expect(serialTimeoutMs(9600, 9600)).toBe(25_000);
    expect(serialTimeoutMs(9600, 115200)).toBeLessThan(serialTimeoutMs(9600, 9600));
  });
});
