import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../helpers/server';

const { s, admin } = await buildApp();

const BOUNDARY = '----mostrador-test-boundary';

/** A multipart/form-data body with one file part. */
function multipart(field: string, filename: string, contentType: string, content: Buffer) {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

const upload = (body: { payload: Buffer; headers: Record<string, string> }, token: string | null = admin) =>
  s.call({ method: 'POST', url: '/api/upload', token: token ?? undefined, ...body });

const uploadedFiles = () => readdirSync(s.config.uploadsDir);

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();

describe('POST /upload', () => {
  it('stores a PNG as a WebP within 1200 px and serves it', async () => {
    const res = await upload(multipart('image', 'foto.png', 'image/png', await png(2400, 1600)));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Imagen subida correctamente');
    const { url, filename } = res.body.data;
    expect(filename).toMatch(/^[0-9a-f-]{36}\.webp$/);
    expect(url).toBe(`/uploads/${filename}`);

    const served = await s.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 800 });
  });

  it('applies the EXIF rotation of a JPEG and never enlarges a small image', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366cc' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await upload(multipart('image', 'celular.jpg', 'image/jpeg', jpeg));
    expect(res.status).toBe(201);
    const meta = await sharp(path.join(s.config.uploadsDir, res.body.data.filename)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 200, height: 300 });
    expect(meta.orientation).toBeUndefined();
  });

  it('accepts a photo of several MB (above the JSON body limit, below 5 MB)', async () => {
    const noisy = await sharp({ create: { width: 1100, height: 1000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .png()
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(2.5 * 1024 * 1024);
    expect(noisy.length).toBeLessThan(5 * 1024 * 1024);
    const res = await upload(multipart('image', 'ruido.png', 'image/png', noisy));
    expect(res.status).toBe(201);
    const meta = await sharp(path.join(s.config.uploadsDir, res.body.data.filename)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1100, height: 1000 });
  });

  it('accepts WebP and GIF too, whatever the file is called', async () => {
    const base = sharp({ create: { width: 64, height: 48, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 1 } } });
    for (const [name, bytes] of [['a.webp', await base.clone().webp().toBuffer()], ['b.gif', await base.clone().gif().toBuffer()], ['sin-extension', await base.clone().webp().toBuffer()]] as const) {
      const res = await upload(multipart('image', name, 'application/octet-stream', bytes));
      expect(res.status, name).toBe(201);
      const meta = await sharp(path.join(s.config.uploadsDir, res.body.data.filename)).metadata();
      expect(meta, name).toMatchObject({ format: 'webp', width: 64, height: 48 });
    }
  });

  it('judges by content: a text file named .png is refused', async () => {
    const before = uploadedFiles();
    const res = await upload(multipart('image', 'virus.png', 'image/png', Buffer.from('esto no es una imagen, es texto plano\n')));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: 'El archivo no es una imagen válida (se aceptan JPEG, PNG, WebP o GIF)' });
    expect(uploadedFiles()).toEqual(before);
  });

  it('refuses a PNG header followed by garbage, and an SVG', async () => {
    const fakePng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 7)]);
    expect((await upload(multipart('image', 'roto.png', 'image/png', fakePng))).body.message).toBe(
      'El archivo no es una imagen válida (se aceptan JPEG, PNG, WebP o GIF)',
    );
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const res = await upload(multipart('image', 'logo.svg', 'image/svg+xml', svg));
    expect(res.status).toBe(400);
  });

  it('refuses a file over 5 MB with 413 and stores nothing', async () => {
    const before = uploadedFiles();
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(6 * 1024 * 1024, 1)]);
    const res = await upload(multipart('image', 'enorme.png', 'image/png', big));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, message: 'La imagen supera el tamaño máximo de 5 MB' });
    expect(uploadedFiles()).toEqual(before);
  });

  it('asks for the "image" field when it is missing', async () => {
    const wrongField = await upload(multipart('foto', 'a.png', 'image/png', await png(10, 10)));
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.message).toBe('No se recibió ninguna imagen (campo "image")');
    const json = await s.call({ method: 'POST', url: '/api/upload', token: admin, payload: { image: 'x' } });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe('No se recibió ninguna imagen (campo "image")');
    const noBoundary = await s.call({ method: 'POST', url: '/api/upload', token: admin, payload: 'x', headers: { 'content-type': 'multipart/form-data' } });
    expect(noBoundary.status).toBe(400);
  });

  it('is admin only', async () => {
    const body = multipart('image', 'a.png', 'image/png', await png(10, 10));
    expect((await upload(body, null)).status).toBe(401);
    expect((await upload(body, await s.sellerToken())).status).toBe(403);
  });
});

describe('DELETE /upload/:filename', () => {
  it('deletes an uploaded image, then 404', async () => {
    const { filename, url } = (await upload(multipart('image', 'a.png', 'image/png', await png(20, 20)))).body.data;
    const res = await s.call({ method: 'DELETE', url: `/api/upload/${filename}`, token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Imagen eliminada correctamente' });
    expect(existsSync(path.join(s.config.uploadsDir, filename))).toBe(false);
    expect((await s.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const again = await s.call({ method: 'DELETE', url: `/api/upload/${filename}`, token: admin });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Imagen no encontrada');
  });

  it('refuses with 409 and the reason an image a live product or the logo still shows; a deleted product frees it', async () => {
    const image = async () => (await upload(multipart('image', 'a.png', 'image/png', await png(20, 20)))).body.data as { filename: string; url: string };
    const remove = (filename: string) => s.call({ method: 'DELETE', url: `/api/upload/${filename}`, token: admin });

    const shown = await image();
    const products = [];
    for (const name of ['Foto A', 'Foto B']) {
      products.push((await s.call({ method: 'POST', url: '/api/products', token: admin, payload: { name, price: 1, stock: 0, image: shown.url } })).body.data.id);
    }
    let res = await remove(shown.filename);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('No se puede eliminar: la imagen está en uso por 2 productos. Quitala de esos productos primero.');
    expect(existsSync(path.join(s.config.uploadsDir, shown.filename))).toBe(true);
    await s.call({ method: 'DELETE', url: `/api/products/${products[0]}`, token: admin });
    expect((await remove(shown.filename)).body.message).toBe('No se puede eliminar: la imagen está en uso por 1 producto. Quitala de ese producto primero.');
    await s.call({ method: 'PUT', url: `/api/products/${products[1]}`, token: admin, payload: { image: null } });
    expect((await remove(shown.filename)).status).toBe(200);

    const logo = await image();
    await s.call({ method: 'PUT', url: '/api/business-info', token: admin, payload: { businessName: 'Kiosco', logo: logo.url } });
    res = await remove(logo.filename);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('No se puede eliminar: la imagen es el logo del comercio');
    expect(existsSync(path.join(s.config.uploadsDir, logo.filename))).toBe(true);
  });

  it('refuses names that could leave the uploads folder', async () => {
    const outside = path.join(s.config.dataDir, 'secreto.png');
    writeFileSync(outside, 'no tocar');
    for (const name of ['..%2Fsecreto.png', '%2E%2E%2Fsecreto.png', '..%5Csecreto.png', 'a%2Fb.png', '.htaccess', 'foto.svg', 'foto.png.exe', 'mostrador.sqlite']) {
      const res = await s.call({ method: 'DELETE', url: `/api/upload/${name}`, token: admin });
      expect(res.status, name).toBe(400);
      expect(res.body.message, name).toBe('Nombre de archivo inválido');
    }
    const raw = await s.call({ method: 'DELETE', url: '/api/upload/../secreto.png', token: admin });
    expect(raw.status).not.toBe(200);
    expect(existsSync(outside)).toBe(true);
  });

  it('is admin only', async () => {
    expect((await s.call({ method: 'DELETE', url: '/api/upload/x.webp' })).status).toBe(401);
    expect((await s.call({ method: 'DELETE', url: '/api/upload/x.webp', token: await s.sellerToken() })).status).toBe(403);
  });
});
