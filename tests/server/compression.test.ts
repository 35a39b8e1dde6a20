import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProducts } from '../helpers/fixtures';
import { buildApp } from '../helpers/server';

const { s } = await buildApp();
beforeAll(async () => {
  await createProducts(s.app.store, 300);
});

describe('response compression', () => {
  it('gzips a large catalogue pull for a client that accepts it, and the JSON is intact', async () => {
    const token = await s.login();
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/sync/pull?since=0',
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(res.rawPayload).toString('utf8'));
    expect(body.data.products.length).toBe(300);
    expect(res.rawPayload.length).toBeLessThan(gunzipSync(res.rawPayload).length / 3);
  });

  it('leaves small replies uncompressed', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().success).toBe(true);
  });
});
