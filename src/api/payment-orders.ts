/**
 * Charging at the counter with Mercado Pago QR / Point (issue #34): start an attempt, read its status, cancel
 * it. Every call carries the device credential (only the device that started an attempt reads or cancels
 * it); none redirects on 401 or is retried here: the checkout's polling owns the cadence.
 */
import type { z } from 'zod';
import type { orderAttemptBody } from '../../domain/schemas/payment-orders';
import type { DeviceCredential } from '../offline/transport';
import { api } from './client';
import { deviceHeaders } from './sync';

const ERROR = 'No se pudo hablar con el servidor para cobrar con Mercado Pago';

export const startOrderAttempt = (device: DeviceCredential, body: z.input<typeof orderAttemptBody>) =>
  api('POST /payments/orders', { json: body, headers: deviceHeaders(device), noRedirect: true, retry: false, errorMessage: ERROR });

export const fetchOrderAttempt = (device: DeviceCredential, id: number) =>
  api('GET /payments/orders/:id', { params: { id }, headers: deviceHeaders(device), noRedirect: true, retry: false, errorMessage: ERROR });

export const cancelOrderAttempt = (device: DeviceCredential, id: number) =>
  api('POST /payments/orders/:id/cancel', { params: { id }, headers: deviceHeaders(device), noRedirect: true, retry: false, errorMessage: ERROR });
