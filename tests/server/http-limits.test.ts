/**
 * Limits at the HTTP layer, on a listening server with raw sockets: slow clients are cut (request,
 * headers, idle and keep-alive timeouts, short here through the env vars), oversize requests get
 * Spanish envelopes (413 body, 413 image, 414, 431), and an oversize upload is refused every time.
 */
import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../helpers/server';

let port: number;

const { s, admin } = await buildApp({ env: { REQUEST_TIMEOUT_MS: '1500', HEADERS_TIMEOUT_MS: '1000', CONNECTION_TIMEOUT_MS: '2000', KEEP_ALIVE_TIMEOUT_MS: '500' } });
beforeAll(async () => {
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  port = (s.app.server.address() as { port: number }).port;
});

interface Conversation {
  socket: Socket;
  /** Everything the server wrote so far. */
  received: () => string;
  /** Resolves when the server closes the connection. */
  closed: Promise<void>;
}

function open(): Promise<Conversation> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (data += chunk));
    socket.on('error', () => {});
    const closed = new Promise<void>((done) => socket.on('close', () => done()));
    socket.once('connect', () => resolve({ socket, received: () => data, closed }));
    socket.once('error', reject);
  });
}

/** Races `promise` against a generous deadline; true if it settled first. */
const within = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

const envelopeOf = (raw: string) => JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));

describe('slow clients', () => {
  it('a body sent a byte at a time is cut with a Spanish 408 while the client is still sending', async () => {
    const c = await open();
    c.socket.write(`POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{`);
    let sent = 1;
    const trickle = setInterval(() => {
      if (!c.socket.destroyed) c.socket.write(' ');
      sent++;
    }, 100);
    const cut = await within(c.closed, 20_000);
    clearInterval(trickle);
    expect(cut).toBe(true);
    expect(sent).toBeLessThan(10000);
    expect(c.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(envelopeOf(c.received())).toEqual({ success: false, message: 'La solicitud tardó demasiado en llegar. Intentá nuevamente.' });
  });

  it('headers that never end are cut', async () => {
    const c = await open();
    c.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
    const trickle = setInterval(() => !c.socket.destroyed && c.socket.write('X-A: b\r\n'), 100);
    const cut = await within(c.closed, 20_000);
    clearInterval(trickle);
    expect(cut).toBe(true);
  });

  it('a connection that sends nothing, and an idle keep-alive connection, are closed', async () => {
    const silent = await open();
    expect(await within(silent.closed, 20_000)).toBe(true);

    const idle = await open();
    idle.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await within(idle.closed, 20_000)).toBe(true);
    expect(idle.received()).toMatch(/^HTTP\/1\.1 200/);
  });
});

describe('oversize requests answer in the Spanish envelope', () => {
  it('a JSON body over 2 MB gets the body-size message, not the image one', async () => {
    const res = await s.call({
      method: 'POST',
      url: '/api/contact',
      payload: JSON.stringify({ name: 'x', email: 'a@b.co', message: 'x'.repeat(3 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, message: 'La solicitud supera el tamaño máximo permitido (2 MB)' });
  });

  it('a path parameter over the router limit gets 414 in Spanish', async () => {
    const res = await s.call({ method: 'DELETE', url: `/api/upload/${'a'.repeat(300)}.webp`, token: admin });
    expect(res.status).toBe(414);
    expect(res.body).toEqual({ success: false, message: 'La dirección solicitada es demasiado larga' });
  });

  it('headers over Node\'s limit get 431 in Spanish', async () => {
    const c = await open();
    c.socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
    expect(await within(c.closed, 20_000)).toBe(true);
    expect(c.received()).toMatch(/^HTTP\/1\.1 431/);
    expect(envelopeOf(c.received())).toEqual({ success: false, message: 'Los encabezados de la solicitud son demasiado grandes' });
  });

  it('an upload over 5 MB, streamed in chunks of any size, is refused with 413 every time and nothing is stored', async () => {
    // Its own server with the default timeouts: 6 MB in 1,000-byte writes can take longer than this file's
    // 1.5 s request timeout on a busy machine, and that 408 is not what this test is about.
    const big = await buildApp();
    await big.s.app.listen({ port: 0, host: '127.0.0.1' });
    const bigPort = (big.s.app.server.address() as { port: number }).port;
    const pngBytes = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#c33' } }).png().toBuffer();
    const boundary = '----limite';
    const replies: { status: number; body: string }[] = [];
    for (const size of [5 * 1024 * 1024 + 1, 5 * 1024 * 1024 + 70_000, 6 * 1024 * 1024]) {
      for (const chunk of [1000, 16_384, 65_536, 1 << 20]) {
        // A valid PNG followed by junk: cut at 5 MB it still decodes, so only the size check can refuse it.
        const body = Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
          pngBytes,
          Buffer.alloc(size - pngBytes.length, 1),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        replies.push(await streamUpload(bigPort, big.admin, body, boundary, chunk));
      }
    }
    for (const reply of replies) {
      expect(reply.status).toBe(413);
      expect(JSON.parse(reply.body)).toEqual({ success: false, message: 'La imagen supera el tamaño máximo de 5 MB' });
    }
    expect(readdirSync(big.s.config.uploadsDir)).toEqual([]);
  });
});

/** POSTs `body` to /api/upload in `chunk`-byte writes, honouring back-pressure. */
function streamUpload(port: number, token: string, body: Buffer, boundary: string, chunk: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/api/upload',
        headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (part) => (text += part));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    let offset = 0;
    const pump = () => {
      while (offset < body.length) {
        const more = req.write(body.subarray(offset, offset + chunk));
        offset += chunk;
        if (!more) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}
