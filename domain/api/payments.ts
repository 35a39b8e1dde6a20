/** Mercado Pago (docs/spec.md §7 /payments/*): staff calls, admin settings, and the two public calls (webhook, return-page check). */
import { idParam } from '../schemas/common';
import {
  noData,
  paymentAvailabilityJson,
  paymentSaleBody,
  paymentSettingsBody,
  paymentSettingsJson,
  paymentStatusJson,
  preferenceBody,
  preferenceJson,
  reconcileBody,
  webhookQuery,
} from '../schemas/payments';
import { saleJson } from '../schemas/sales';
import { endpoint } from './endpoint';

export const paymentsApi = {
  availability: endpoint('GET /payments/availability', { reply: paymentAvailabilityJson }),
  preference: endpoint('POST /payments/preference', { body: preferenceBody, reply: preferenceJson, status: 201 }),
  /** 201 when recorded; 200 with the sale already recorded for the preference. */
  sale: endpoint('POST /payments/sale', { body: paymentSaleBody, reply: saleJson, status: [201, 200] }),
  status: endpoint('GET /payments/status/:id', { params: idParam, reply: paymentStatusJson }),
  confirm: endpoint('POST /payments/confirm/:id', { params: idParam, reply: paymentStatusJson }),
  settings: endpoint('GET /payments/settings', { reply: paymentSettingsJson }),
  saveSettings: endpoint('PUT /payments/settings', { body: paymentSettingsBody, reply: paymentSettingsJson }),
  /** Public: Mercado Pago's notification, acknowledged with a message and no data. */
  webhook: endpoint('POST /payments/webhook', { query: webhookQuery, reply: noData }),
  /** Public: the return pages' "check this reference"; the same reply for any reference. */
  reconcile: endpoint('POST /payments/reconcile', { body: reconcileBody, reply: noData, status: 202 }),
};
