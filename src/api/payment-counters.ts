/**
 * The admin's set-up of each counter device's Mercado Pago caja (issue #34, Configuración → Dispositivos →
 * «Caja de Mercado Pago»): every device's saved set-up, the account's stores (sucursales), the save of a
 * device's store + caja (+ Point terminal), and the Point terminals of its caja. The server talks to
 * Mercado Pago and says each refusal in Spanish (e.g. Mercado Pago not configured: 409).
 */
import type { CounterSetupBody } from '../../domain/schemas/payment-orders';
import { api } from './client';

export const fetchPaymentCounters = () => api('GET /payments/counters', { errorMessage: 'No se pudieron cargar las cajas de Mercado Pago' });

export const fetchPaymentStores = () => api('GET /payments/counters/stores', { errorMessage: 'No se pudieron cargar las sucursales de Mercado Pago' });

export const savePaymentCounter = (deviceId: string, body: CounterSetupBody) =>
  api('PUT /payments/counters/:deviceId', { params: { deviceId }, json: body, errorMessage: 'No se pudo guardar la caja de Mercado Pago' });

export const fetchCounterTerminals = (deviceId: string) =>
  api('GET /payments/counters/:deviceId/terminals', { params: { deviceId }, errorMessage: 'No se pudieron cargar los terminales Point de la caja' });
