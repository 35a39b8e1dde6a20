/** Mercado Pago in person (issue #34): the counter's QR / Point attempts and the admin's set-up of each device's caja and terminal. */
import { idParam, z } from '../schemas/common';
import { counterJson, counterSetupBody, deviceIdParam, orderAttemptBody, orderAttemptJson, storeJson, terminalJson } from '../schemas/payment-orders';
import { endpoint } from './endpoint';

export const paymentOrdersApi = {
  /** 201 when created; 200 with the attempt already recorded for that attemptId. */
  create: endpoint('POST /payments/orders', { body: orderAttemptBody, reply: orderAttemptJson, status: [201, 200] }),
  status: endpoint('GET /payments/orders/:id', { params: idParam, reply: orderAttemptJson }),
  cancel: endpoint('POST /payments/orders/:id/cancel', { params: idParam, reply: orderAttemptJson }),
  /** The cashier left the charge while the server was away (sent by the sync engine once it is back): cancel, or flag a payment that came. */
  leave: endpoint('POST /payments/orders/:id/leave', { params: idParam, reply: orderAttemptJson }),
  counters: endpoint('GET /payments/counters', { reply: z.array(counterJson) }),
  stores: endpoint('GET /payments/counters/stores', { reply: z.array(storeJson) }),
  setup: endpoint('PUT /payments/counters/:deviceId', { params: deviceIdParam, body: counterSetupBody, reply: counterJson }),
  terminals: endpoint('GET /payments/counters/:deviceId/terminals', { params: deviceIdParam, reply: z.array(terminalJson) }),
};
