/**
 * A fake `navigator.usb` and `navigator.serial` with the real APIs' shapes and rules, recording every byte written
 * (headless Chromium has no USB or serial devices). One self-contained function, so that the e2e suites install
 * it with `context.addInitScript(fakePrinterApis, options)` before the app loads, and the unit tests call it in
 * Node and use the devices it returns.
 * Modelled rules (WebUSB and Web Serial specs, Chromium's messages): a chooser needs a user gesture
 * (SecurityError) and a cancelled one is NotFoundError; claimInterface needs an opened, configured device;
 * transferOut needs the endpoint to be OUT on a claimed interface's selected alternate; close() releases the
 * interfaces and aborts a pending transfer (AbortError); SerialPort.open needs a baudRate (TypeError) and a closed
 * port (InvalidStateError); close() fails while a stream is locked. A job is what is written between open()
 * and close().
 */

export interface FakeUsbOptions {
  /** The origin was granted the printer before (getDevices lists it without a prompt). */
  granted?: boolean;
  /** 'printer': one printer-class interface (bulk IN 1, bulk OUT 3); 'vendor-first': a vendor interface with an interrupt and a bulk OUT, then the printer class on alternate 1; 'no-bulk-out': only IN. */
  layout?: 'printer' | 'vendor-first' | 'no-bulk-out';
  /** The system left the device unconfigured (configuration null until selectConfiguration). */
  unconfigured?: boolean;
  /** What transferOut does: accept, reject (NetworkError, a transfer error), answer 'stall', or never finish. */
  transfer?: 'ok' | 'reject' | 'stall' | 'hang';
  /** claimInterface fails as when another driver holds the printer (Windows): 'network' or 'security'. */
  claim?: 'ok' | 'network' | 'security';
  /** Accepts at most this many bytes per transferOut (a short write). */
  maxPerTransfer?: number;
  /** The chooser's answer: the printer, or nothing (the user cancelled). */
  chooser?: 'printer' | 'cancel';
}
export interface FakeSerialOptions {
  granted?: boolean;
  /** What a write does: accept, fail (NetworkError), or never finish. */
  write?: 'ok' | 'reject' | 'hang';
  /** open() fails as for a port another program holds. */
  open?: 'ok' | 'busy';
  chooser?: 'port' | 'cancel';
}
export interface FakePrinterOptions {
  /** false: no such API in this browser (Firefox, Safari). */
  usb?: FakeUsbOptions | false;
  serial?: FakeSerialOptions | false;
  /** Define them on the page's navigator (the e2e init script), or only return them (unit tests). */
  install?: boolean;
}
export interface FakePrinterLog {
  usb: { jobs: number[][]; transfers: { endpoint: number; length: number }[]; requests: unknown[]; calls: string[] };
  serial: { jobs: number[][]; writes: number[]; opens: unknown[]; requests: unknown[]; calls: string[] };
}

export function fakePrinterApis(options: FakePrinterOptions) {
  const log: FakePrinterLog = {
    usb: { jobs: [], transfers: [], requests: [], calls: [] },
    serial: { jobs: [], writes: [], opens: [], requests: [], calls: [] },
  };
  const domError = (name: string, message: string) => new DOMException(message, name);
  const gesture = () => {
    const activation = (globalThis.navigator as { userActivation?: { isActive: boolean } } | undefined)?.userActivation;
    if (activation && !activation.isActive) throw domError('SecurityError', 'Must be handling a user gesture to show a permission request.');
  };

  // --- WebUSB -------------------------------------------------------------------------------------------
  const usbOptions = options.usb === false ? null : { granted: false, layout: 'printer', transfer: 'ok', claim: 'ok', chooser: 'printer', ...options.usb };
  let usb: unknown = undefined;
  let usbDevice: Record<string, unknown> | null = null;
  if (usbOptions) {
    const ep = (endpointNumber: number, direction: 'in' | 'out', type = 'bulk') => ({ endpointNumber, direction, type, packetSize: 64 });
    const layouts: Record<string, { interfaceNumber: number; alternates: { alternateSetting: number; interfaceClass: number; endpoints: ReturnType<typeof ep>[] }[] }[]> = {
      printer: [{ interfaceNumber: 0, alternates: [{ alternateSetting: 0, interfaceClass: 7, endpoints: [ep(1, 'in'), ep(3, 'out')] }] }],
      'vendor-first': [
        { interfaceNumber: 0, alternates: [{ alternateSetting: 0, interfaceClass: 0xff, endpoints: [ep(4, 'out', 'interrupt'), ep(5, 'out')] }] },
        {
          interfaceNumber: 1,
          alternates: [
            { alternateSetting: 0, interfaceClass: 7, endpoints: [] },
            { alternateSetting: 1, interfaceClass: 7, endpoints: [ep(2, 'in'), ep(6, 'out')] },
          ],
        },
      ],
      'no-bulk-out': [{ interfaceNumber: 0, alternates: [{ alternateSetting: 0, interfaceClass: 7, endpoints: [ep(1, 'in')] }] }],
    };
    const interfaces = layouts[usbOptions.layout].map((i) => ({ ...i, claimed: false, alternate: i.alternates[0] }));
    const configuration = { configurationValue: 1, configurationName: null, interfaces };
    let job: number[] | null = null;
    const pending = new Set<(error: Error) => void>();
    const device = {
      vendorId: 0x0416,
      productId: 0x5011,
      manufacturerName: 'Winbond',
      productName: 'POS-80',
      serialNumber: 'FAKE-001',
      opened: false,
      configuration: usbOptions.unconfigured ? null : configuration,
      configurations: [configuration],
      async open() {
        log.usb.calls.push('open');
        if (!device.opened) job = [];
        device.opened = true;
      },
      async close() {
        log.usb.calls.push('close');
        for (const abort of pending) abort(domError('AbortError', 'The transfer was cancelled.'));
        pending.clear();
        for (const i of interfaces) i.claimed = false;
        if (device.opened && job && job.length) log.usb.jobs.push(job);
        job = null;
        device.opened = false;
      },
      async selectConfiguration(value: number) {
        log.usb.calls.push(`selectConfiguration ${value}`);
        if (!device.opened) throw domError('InvalidStateError', 'The device must be opened first.');
        if (value !== 1) throw domError('NotFoundError', 'The configuration value provided is not supported by the device.');
        device.configuration = configuration;
      },
      async claimInterface(n: number) {
        log.usb.calls.push(`claimInterface ${n}`);
        if (!device.opened || !device.configuration) throw domError('InvalidStateError', 'The device must be opened first.');
        const iface = interfaces.find((i) => i.interfaceNumber === n);
        if (!iface) throw domError('NotFoundError', 'The interface number provided is not supported by the device in its current configuration.');
        if (usbOptions.claim === 'network') throw domError('NetworkError', 'Unable to claim interface.');
        if (usbOptions.claim === 'security') throw domError('SecurityError', 'Access denied.');
        iface.claimed = true;
      },
      async releaseInterface(n: number) {
        log.usb.calls.push(`releaseInterface ${n}`);
        const iface = interfaces.find((i) => i.interfaceNumber === n);
        if (!iface?.claimed) throw domError('InvalidStateError', 'The interface is not claimed.');
        iface.claimed = false;
      },
      async selectAlternateInterface(n: number, setting: number) {
        log.usb.calls.push(`selectAlternateInterface ${n} ${setting}`);
        const iface = interfaces.find((i) => i.interfaceNumber === n);
        if (!iface?.claimed) throw domError('InvalidStateError', 'The interface is not claimed.');
        const alternate = iface.alternates.find((a) => a.alternateSetting === setting);
        if (!alternate) throw domError('NotFoundError', 'The alternate setting provided is not supported by the device in its current configuration.');
        iface.alternate = alternate;
      },
      transferOut(endpoint: number, data: BufferSource) {
        const claimedOut = interfaces.some((i) => i.claimed && i.alternate.endpoints.some((e) => e.endpointNumber === endpoint && e.direction === 'out'));
        if (!device.opened || !claimedOut) return Promise.reject(domError('InvalidStateError', 'The specified endpoint is not part of a claimed and selected alternate interface.'));
        const view = data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
        if (usbOptions.transfer === 'reject') return Promise.reject(domError('NetworkError', 'A transfer error has occurred.'));
        if (usbOptions.transfer === 'stall') return Promise.resolve({ status: 'stall', bytesWritten: 0 });
        if (usbOptions.transfer === 'hang') return new Promise((_, reject) => pending.add(reject));
        const taken = Array.from(view.subarray(0, usbOptions.maxPerTransfer ?? view.length));
        log.usb.transfers.push({ endpoint, length: taken.length });
        job!.push(...taken);
        return Promise.resolve({ status: 'ok', bytesWritten: taken.length });
      },
      async forget() {
        granted = false;
      },
    };
    usbDevice = device;
    let granted = usbOptions.granted;
    usb = {
      async getDevices() {
        return granted ? [device] : [];
      },
      async requestDevice(request: unknown) {
        log.usb.requests.push(JSON.parse(JSON.stringify(request)));
        gesture();
        if (usbOptions.chooser === 'cancel') throw domError('NotFoundError', 'No device selected.');
        granted = true;
        return device;
      },
    };
  }

  // --- Web Serial -------------------------------------------------------------------------------------------
  const serialOptions = options.serial === false ? null : { granted: false, write: 'ok', open: 'ok', chooser: 'port', ...options.serial };
  let serial: unknown = undefined;
  let serialPort: Record<string, unknown> | null = null;
  if (serialOptions) {
    let job: number[] | null = null;
    const pending = new Set<(error: Error) => void>();
    const port = {
      readable: null as ReadableStream | null,
      writable: null as WritableStream | null,
      getInfo: () => ({ usbVendorId: 0x1a86, usbProductId: 0x7523 }),
      async open(openOptions: { baudRate?: number }) {
        log.serial.calls.push('open');
        log.serial.opens.push(JSON.parse(JSON.stringify(openOptions ?? {})));
        if (!openOptions || typeof openOptions.baudRate !== 'number') throw new TypeError("Failed to execute 'open' on 'SerialPort': required member baudRate is undefined.");
        if (openOptions.baudRate <= 0) throw new TypeError('Requested baud rate must be greater than zero.');
        if (port.writable) throw domError('InvalidStateError', 'The port is already open.');
        if (serialOptions.open === 'busy') throw domError('NetworkError', 'Failed to open serial port.');
        job = [];
        const mine = job;
        port.readable = new ReadableStream();
        port.writable = new WritableStream({
          write(chunk: Uint8Array) {
            if (!(chunk instanceof Uint8Array) && !ArrayBuffer.isView(chunk)) throw new TypeError('Expected a BufferSource');
            if (serialOptions.write === 'reject') throw domError('NetworkError', 'The device has been lost.');
            if (serialOptions.write === 'hang') return new Promise<void>((_, reject) => pending.add(reject));
            log.serial.writes.push(chunk.byteLength);
            mine.push(...Array.from(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)));
          },
        });
      },
      async close() {
        log.serial.calls.push('close');
        if (port.writable?.locked || port.readable?.locked) throw domError('InvalidStateError', 'Cannot cancel a locked stream');
        for (const abort of pending) abort(domError('AbortError', 'The port was closed.'));
        pending.clear();
        if (job && job.length) log.serial.jobs.push(job);
        job = null;
        port.readable = null;
        port.writable = null;
      },
      async forget() {
        granted = false;
      },
    };
    serialPort = port;
    let granted = serialOptions.granted;
    serial = {
      async getPorts() {
        return granted ? [port] : [];
      },
      async requestPort(request?: unknown) {
        log.serial.requests.push(JSON.parse(JSON.stringify(request ?? {})));
        gesture();
        if (serialOptions.chooser === 'cancel') throw domError('NotFoundError', 'No port selected by the user.');
        granted = true;
        return port;
      },
    };
  }

  if (options.install) {
    const proto = Object.getPrototypeOf(navigator) as object;
    for (const [name, value] of [
      ['usb', usb],
      ['serial', serial],
    ] as const) {
      // A browser without the API has no such property at all ('usb' in navigator is false).
      delete (proto as Record<string, unknown>)[name];
      if (value) Object.defineProperty(navigator, name, { value, configurable: true });
    }
    (globalThis as Record<string, unknown>).__fakePrinters = log;
  }
  return { log, usb, serial, usbDevice, serialPort };
}
