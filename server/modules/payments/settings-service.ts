/** Admin settings of Mercado Pago (Configuración → Mercado Pago). The token and the secret are write-only. */
import type { PaymentSettingsBody, PaymentSettingsJson } from '../../../domain/schemas/payments';
import type { MercadoPagoEnv } from '../../config';
import type { Store } from '../../db/store';
import { paymentsRepository } from './repository';
import { notificationUrl, type MpRuntime } from './runtime';

export function settingsJson(runtime: MpRuntime, env: MercadoPagoEnv): PaymentSettingsJson {
  return {
    configured: runtime.configured,
    simulated: runtime.simulated,
    label: runtime.label,
    hasAccessToken: Boolean(runtime.accessToken),
    hasWebhookSecret: Boolean(runtime.webhookSecret),
    accessTokenSource: runtime.accessTokenSource,
    publicUrl: runtime.publicUrl ?? null,
    apiUrl: runtime.apiUrl,
    pollIntervalMs: env.pollIntervalMs,
    webhookUrl: runtime.publicUrl ? (notificationUrl(runtime, runtime.publicUrl.replace(/\/+$/, '')) ?? null) : null,
  };
}

/** A field left out keeps its value; "" clears it (the environment's value applies again). */
export async function saveSettings(store: Store, body: PaymentSettingsBody): Promise<void> {
  const values: { accessToken?: string | null; webhookSecret?: string | null; publicUrl?: string | null } = {};
  if (body.accessToken !== undefined) values.accessToken = body.accessToken || null;
  if (body.webhookSecret !== undefined) values.webhookSecret = body.webhookSecret || null;
  if (body.publicUrl !== undefined) values.publicUrl = body.publicUrl ? body.publicUrl.replace(/\/+$/, '') : null;
  await store.write((tx) => paymentsRepository.saveSettings(tx, values));
}
