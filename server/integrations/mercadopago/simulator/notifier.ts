/**
 * Notifications the simulator sends to a preference's notification_url, as Mercado Pago does:
 * signed webhooks (`?data.id=&type=payment`, JSON body, x-signature + x-request-id) and/or unsigned IPN
 * (`?id=&topic=payment`). Test controls: which kinds, how many repeats, hold them and flush them in
 * order or reversed, or send none at all.
 */
import { randomUUID } from 'node:crypto';
import { signatureManifest, signManifest } from '../signature';

/** signed webhooks, IPN (topic=payment), both, IPN about the merchant order only (topic=merchant_order), or nothing. */
export type WebhookMode = 'signed' | 'ipn' | 'both' | 'merchant_order' | 'none';

export interface NotifierControls {
  mode: WebhookMode;
  /** Each notification is sent this many times. */
  repeat: number;
  /** Queue notifications until flush() instead of sending them at once. */
  hold: boolean;
}

interface Notification {
  url: string;
  /** The payment id, or the merchant order id for kind 'merchant_order'. */
  paymentId: string;
  kind: 'signed' | 'ipn' | 'merchant_order';
}

export interface DeliveryLog {
  url: string;
  kind: Notification['kind'];
  status: number;
}

export function createNotifier(secret: string) {
  const controls: NotifierControls = { mode: 'signed', repeat: 1, hold: false };
  const queue: Notification[] = [];
  const deliveries: DeliveryLog[] = [];
  const inFlight = new Set<Promise<void>>();

  async function deliver(n: Notification): Promise<void> {
    const target = new URL(n.url);
    const headers: Record<string, string> = {};
    let body: string | undefined;
    if (n.kind === 'signed') {
      target.searchParams.set('data.id', n.paymentId);
      target.searchParams.set('type', 'payment');
      const ts = String(Math.floor(Date.now() / 1000));
      const requestId = randomUUID();
      headers['content-type'] = 'application/json';
      headers['x-request-id'] = requestId;
      headers['x-signature'] = `ts=${ts},v1=${signManifest(secret, signatureManifest(n.paymentId, requestId, ts))}`;
      body = JSON.stringify({
        action: 'payment.updated',
        api_version: 'v1',
        data: { id: n.paymentId },
        date_created: new Date().toISOString(),
        id: Date.now(),
        live_mode: false,
        type: 'payment',
        user_id: '1',
      });
    } else {
      target.searchParams.set('id', n.kind === 'merchant_order' ? String(Number(n.paymentId) + 1) : n.paymentId);
      target.searchParams.set('topic', n.kind === 'merchant_order' ? 'merchant_order' : 'payment');
    }
    try {
      const response = await fetch(target, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      deliveries.push({ url: target.href, kind: n.kind, status: response.status });
    } catch {
      deliveries.push({ url: target.href, kind: n.kind, status: 0 });
    }
  }

  function send(list: Notification[]): void {
    for (const n of list) {
      const p = deliver(n).finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
  }

  return {
    controls,
    deliveries,
    /** A payment changed: notify its preference's notification_url per the controls. */
    paymentChanged(notificationUrl: string | undefined, paymentId: string): void {
      if (!notificationUrl || controls.mode === 'none') return;
      const kinds: Notification['kind'][] = controls.mode === 'both' ? ['signed', 'ipn'] : [controls.mode];
      const list: Notification[] = [];
      for (let i = 0; i < Math.max(1, controls.repeat); i += 1) for (const kind of kinds) list.push({ url: notificationUrl, paymentId, kind });
      if (controls.hold) queue.push(...list);
      else send(list);
    },
    /** Sends the held notifications (reversed: newest first, i.e. out of order). */
    flush(reverse = false): number {
      const list = queue.splice(0, queue.length);
      send(reverse ? list.reverse() : list);
      return list.length;
    },
    /** Resolves when every notification sent so far has been answered. */
    async settled(): Promise<void> {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
  };
}
