/**
 * Baseline process of the catalogue API scenario: bare Fastify (no plugins, no schemas, no database)
 * answering GET /bare with the same JSON the real catalogue route returned, serialised on every request.
 * Started by child.ts exactly like the real server: `node --import tsx bench/lib/bare-fastify.ts <payload.json>`.
 */
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

const payload: unknown = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const app = Fastify({ logger: false });
app.get('/bare', async () => payload);
app.get('/api/health', async () => ({ success: true }));

const close = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGINT', close);
process.on('SIGTERM', close);

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
