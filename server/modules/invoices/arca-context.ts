/**
 * The one ARCA runtime and invoice issuer of a server, shared by the invoices routes, their retry loop
 * and the sync push (issue #11: a pushed sale's invoice is settled right after its chunk commits). One
 * issuer per process keeps its per-book serialisation true for every caller.
 */
import type { FastifyInstance } from 'fastify';
import { InvoiceIssuer } from './issuer';
import { ArcaRuntime } from './runtime';

export interface ArcaContext {
  runtime: ArcaRuntime;
  issuer: InvoiceIssuer;
}

declare module 'fastify' {
  interface FastifyInstance {
    arca: ArcaContext;
  }
}

/** Starts the runtime (and the demo simulator, when it applies) and decorates the app with it. */
export async function installArca(app: FastifyInstance): Promise<void> {
  const runtime = await ArcaRuntime.start(app.config, app.store);
  app.decorate('arca', { runtime, issuer: new InvoiceIssuer(app.store, runtime, app.config.arca.retryBaseMs) });
  app.addHook('onClose', async () => {
    await runtime.close();
  });
}
