/**
 * GET /r/:token (public, outside /api, rate-limited per IP): the PDF of a receipt link, inline and never
 * cached; an unknown token is a 404 and an expired one a 410, both with a small Spanish page.
 */
import type { FastifyPluginAsync } from 'fastify';
import { RECEIPT_MSG } from '../../../domain/receipts';
import { receiptsContext } from './routes';
import { openReceipt } from './service';

/** A constant, not a literal in app.get: the route map (scripts/lib/route-map.ts) lists /api routes only. */
export const RECEIPT_PAGE_PATH = '/r/:token';

const page = (title: string, message: string) => `<!doctype html>
<html lang="es-AR">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#222;line-height:1.5}h1{font-size:1.4rem}</style></head>
<body><main><h1>${title}</h1><p>${message}</p></main></body>
</html>
`;

const receiptPublicRoutes: FastifyPluginAsync = async (app) => {
  const ctx = receiptsContext(app);
  app.get<{ Params: { token: string } }>(
    RECEIPT_PAGE_PATH,
    { config: { rateLimit: app.publicRateLimit && { max: Math.max(30, app.publicRateLimit.max), timeWindow: '1 minute' } }, schema: { hide: true } },
    async (req, reply) => {
      const opened = await openReceipt(ctx, req.params.token);
      reply.header('cache-control', 'no-store, private').header('x-robots-tag', 'noindex');
      if (opened.status !== 'ok') {
        return reply
          .status(opened.status === 'expired' ? 410 : 404)
          .type('text/html; charset=utf-8')
          .send(page(RECEIPT_MSG.unavailableTitle, RECEIPT_MSG.unavailable));
      }
      return reply.type('application/pdf').header('content-disposition', `inline; filename="${opened.fileName}"`).send(opened.pdf);
    },
  );
};

export default receiptPublicRoutes;
