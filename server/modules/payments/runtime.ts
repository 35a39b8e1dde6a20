/**
 * The Mercado Pago configuration in force, resolved per use: an admin's saved settings win, then the
 * environment (MP_ACCESS_TOKEN, MP_WEBHOOK_SECRET, MP_API_URL, PUBLIC_URL), then — with demo data on and
 * no credentials at all — the in-process simulator on loopback ("Mercado Pago simulado").
 * The access token and webhook secret leave this module only towards the API client and the signature
 * check: never in a reply, never in a log.
 */
import type { MercadoPagoEnv } from '../../config';
import type { Store } from '../../db/store';
import { createMercadoPagoClient, type MercadoPagoClient } from '../../integrations/mercadopago/client';
import { SIMULATOR_LABEL } from '../../integrations/mercadopago/simulator/checkout-page';
import { paymentsRepository } from './repository';

export interface SimulatorHandle {
  url: string;
  accessToken: string;
  webhookSecret: string;
}

export interface MpRuntime {
  configured: boolean;
  simulated: boolean;
  label: string;
  accessTokenSource: 'settings' | 'env' | 'simulator' | 'none';
  accessToken?: string;
  webhookSecret?: string;
  apiUrl: string;
  publicUrl?: string;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

function isLoopbackUrl(url: string): boolean {
  try {
    return LOOPBACK.has(new URL(url).hostname);
  } catch {
    return false;
  }
}

export async function resolveRuntime(store: Store, env: MercadoPagoEnv, simulator: SimulatorHandle | undefined): Promise<MpRuntime> {
  const saved = await store.read((q) => paymentsRepository.settings(q));
  const publicUrl = saved?.publicUrl || env.publicUrl;
  let runtime: MpRuntime;
  if (saved?.accessToken || env.accessToken) {
    runtime = {
      configured: true,
      simulated: false,
      label: 'Mercado Pago',
      accessTokenSource: saved?.accessToken ? 'settings' : 'env',
      accessToken: saved?.accessToken || env.accessToken,
      webhookSecret: saved?.webhookSecret || env.webhookSecret,
      apiUrl: env.apiUrl,
      publicUrl,
    };
  } else if (simulator) {
    runtime = {
      configured: true,
      simulated: true,
      label: SIMULATOR_LABEL,
      accessTokenSource: 'simulator',
      accessToken: simulator.accessToken,
      webhookSecret: simulator.webhookSecret,
      apiUrl: simulator.url,
      publicUrl,
    };
  } else {
    return { configured: false, simulated: false, label: 'Mercado Pago', accessTokenSource: 'none', apiUrl: env.apiUrl, publicUrl };
  }
  // A loopback API is a simulator (the tests' or the demo's): say so wherever the method is shown.
  if (isLoopbackUrl(runtime.apiUrl)) return { ...runtime, simulated: true, label: SIMULATOR_LABEL };
  return runtime;
}

export function clientFor(runtime: MpRuntime, env: MercadoPagoEnv): MercadoPagoClient | undefined {
  if (!runtime.configured || !runtime.accessToken) return undefined;
  return createMercadoPagoClient({ apiUrl: runtime.apiUrl, accessToken: runtime.accessToken, timeoutMs: env.timeoutMs });
}

/** Base of back_urls and notification_url: PUBLIC_URL (settings or env), else the origin the POS called from. */
export function publicBase(runtime: MpRuntime, requestOrigin: string): string {
  return (runtime.publicUrl ?? requestOrigin).replace(/\/+$/, '');
}

/** The notification_url, only where Mercado Pago can reach it: HTTPS, or any URL when a simulator sends them. */
export function notificationUrl(runtime: MpRuntime, base: string): string | undefined {
  return base.startsWith('https://') || runtime.simulated ? `${base}/api/payments/webhook` : undefined;
}
