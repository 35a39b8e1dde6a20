/**
 * Issue #35 item 2 over real HTTP and real TCP, on SQLite and PostgreSQL: an admin stores a device's
 * printer (validated: no scheme, no arbitrary port); the device reads its own settings; POST /printing/print
 * sends the exact bytes to a printer listening on a loopback port, only for the device whose credential the
 * request proves and only with a signed-in user; a printer that refuses or never answers gives a Spanish 502
 * within the timeout; a device that prints through the dialog is told so.
 */
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { MSG } from '../../domain/messages';
import { sendToPrinter } from '../../server/modules/printing/network-printer';
import { buildApp } from '../helpers/server';

const { s, admin } = await buildApp({ env: { PRINTER_TIMEOUT_MS: '800' } });

/** A fake network printer: collects what each connection sent. */
async function fakePrinter(options: { silent?: boolean } = {}) {
  const jobs: Buffer[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    const chunks: Buffer[] = [];
    if (options.silent) socket.pause();
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => jobs.push(Buffer.concat(chunks)));
    socket.on('error', () => {});
  });
  if (options.silent) server.maxConnections = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    jobs,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A loopback port with nobody listening. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const printer = await fakePrinter();
afterAll(() => printer.close());

const seller = await s.sellerToken('impresora');
const device = await s.registerDevice(seller);
const other = await s.registerDevice(seller);
const setPrinter = (id: string, payload: Record<string, unknown>, token = admin) => s.call({ method: 'PUT', url: `/api/printing/devices/${id}`, token, payload });
const print = (bytes: Buffer, headers: Record<string, string> = device.headers, token: string | null = seller) =>
  s.call({ method: 'POST', url: '/api/printing/print', headers, token: token ?? undefined, payload: { data: bytes.toString('base64') } });

describe('#35.2 printing through the server to the device network printer', () => {
  it('a new device prints through the browser dialog; the network print is refused with a Spanish message', async () => {
    expect((await s.call({ method: 'GET', url: '/api/printing/settings', headers: device.headers })).body.data).toMatchObject({ mode: 'dialog', width: '80', policy: 'all' });
    expect(await print(Buffer.from('hola'))).toMatchObject({ status: 400, body: { message: MSG.printerNotNetwork } });
  });

  it('only an admin stores the printer; the address is a host and a port, never a URL', async () => {
    expect((await setPrinter(device.id, { mode: 'network', host: '127.0.0.1', port: printer.port }, seller)).status).toBe(403);
    expect((await setPrinter(device.id, { mode: 'network', host: 'http://10.0.0.5/print', port: 9100 })).status).toBe(400);
    expect((await setPrinter(device.id, { mode: 'network', host: '10.0.0.5', port: 70000 })).status).toBe(400);
    expect((await setPrinter(device.id, { mode: 'network', host: null })).body.message).toContain('es obligatoria para imprimir por red');
    expect((await setPrinter('no-such-device', { mode: 'dialog' })).status).toBe(404);
    const saved = await setPrinter(device.id, { mode: 'network', host: '127.0.0.1', port: printer.port, width: '58', qr: 'raster', policy: 'invoices', drawer: true });
    expect(saved).toMatchObject({ status: 200, body: { message: MSG.printerSaved, data: { mode: 'network', host: '127.0.0.1', port: printer.port, width: '58', qr: 'raster', policy: 'invoices', drawer: true } } });
    expect((await s.call({ method: 'GET', url: `/api/printing/devices/${device.id}`, token: admin })).body.data).toEqual(saved.body.data);
    expect((await s.call({ method: 'GET', url: '/api/printing/settings', headers: device.headers })).body.data).toEqual(saved.body.data);
    // Another device keeps its own (the dialog).
    expect((await s.call({ method: 'GET', url: '/api/printing/settings', headers: other.headers })).body.data.mode).toBe('dialog');
  });

  it('a Web Serial printer keeps its baud rate (9600 unless set); an unusual speed is refused in Spanish', async () => {
    const bad = await setPrinter(other.id, { mode: 'webserial', baudRate: 12345 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('debe ser 9600, 19200, 38400, 57600, 115200');
    expect((await setPrinter(other.id, { mode: 'webusb' })).body.data).toMatchObject({ mode: 'webusb', baudRate: 9600, host: null });
    expect((await setPrinter(other.id, { mode: 'webserial', baudRate: '19200' })).status).toBe(200);
    expect((await s.call({ method: 'GET', url: '/api/printing/settings', headers: other.headers })).body.data).toMatchObject({ mode: 'webserial', baudRate: 19200 });
    // The server prints only for a network printer: a tablet printing by itself sends nothing here.
    await setPrinter(other.id, { mode: 'dialog' });
  });

  it('the bytes reach the stored printer exactly once, and only for a registered device with a signed-in user', async () => {
    const bytes = Buffer.from([0x1b, 0x40, 0x1b, 0x74, 0x02, 0xa4, 0x0a, 0x1b, 0x70, 0x00, 0x32, 0xfa]);
    const before = printer.jobs.length;
    expect(await print(bytes)).toMatchObject({ status: 200, body: { data: { printed: true, bytes: bytes.length } } });
    await expect.poll(() => printer.jobs.length).toBe(before + 1);
    expect(printer.jobs.at(-1)).toEqual(bytes);
    // No device credential, a wrong key, or no signed-in user: nothing printed.
    expect((await print(bytes, {}, seller)).status).toBe(401);
    expect((await print(bytes, { ...device.headers, 'x-device-key': 'x'.repeat(43) })).status).toBe(401);
    expect(await print(bytes, device.headers, null)).toMatchObject({ status: 401, body: { message: MSG.printerSignInRequired } });
    // The body names no host: a stray field is ignored and the bytes still go to the stored printer.
    const stray = await s.call({ method: 'POST', url: '/api/printing/print', headers: device.headers, token: seller, payload: { data: 'aG9sYQ==', host: '203.0.113.9', port: 25 } });
    expect(stray.status).toBe(200);
    await expect.poll(() => printer.jobs.length).toBe(before + 2);
    expect(printer.jobs.at(-1)!.toString()).toBe('hola');
    expect((await s.call({ method: 'POST', url: '/api/printing/print', headers: device.headers, token: seller, payload: { data: 'not base64!' } })).status).toBe(400);
  });

  it('a printer that refuses the connection answers 502 with the fallback message; one that never reads is cut off by the timeout', async () => {
    await setPrinter(other.id, { mode: 'network', host: '127.0.0.1', port: await closedPort() });
    const refused = await print(Buffer.from('x'), other.headers);
    expect(refused).toMatchObject({ status: 502, body: { success: false, message: MSG.printerUnreachable } });

    // A printer that accepts but never takes the data: once the socket buffers are full the send waits, and
    // the timeout ends it (16 MB is more than loopback buffers hold).
    const stuck = await fakePrinter({ silent: true });
    try {
      const started = Date.now();
      await expect(sendToPrinter('127.0.0.1', stuck.port, Buffer.alloc(16 * 1024 * 1024, 0x41), 500)).rejects.toThrow(/timed out after 500 ms/);
      expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    } finally {
      await stuck.close();
    }
  });
});
