/** Mercado Pago calls of docs/spec.md §7 (/payments/*), the POS's availability check, the return pages' check and the admin settings. */
import { PUBLIC_MSG } from '../../domain/public-messages';
import type { PaymentAvailabilityJson, PaymentSettingsJson, PaymentStatusJson, PreferenceJson } from '../../domain/schemas/payments';
import type { SaleJson } from '../../domain/schemas/sales';
import { apiCall } from './client';

export interface CartItem {
  productId: number;
  quantity: number;
}

export interface PreferenceRequest {
  items: CartItem[];
  payer: { name: string; email: string };
  externalReference: string;
  customerName: string;
  customerDocument: string;
  discount: number;
  notes: string;
}

export interface PaymentSaleRequest {
  preferenceId: string;
  items: CartItem[];
  customerName: string;
  customerDocument: string;
  customerEmail: string;
  discount: number;
  notes: string;
}

/** Asked by the open checkout: a stale session must not take the cashier away from a sale (no redirect on 401). */
export const fetchPaymentAvailability = () =>
  apiCall<PaymentAvailabilityJson>('get', 'payments/availability', { errorMessage: PUBLIC_MSG.paymentStatusError, noRedirect: true });

export const createPreference = (body: PreferenceRequest) => apiCall<PreferenceJson>('post', 'payments/preference', { json: body, errorMessage: PUBLIC_MSG.preferenceError });

export const createPaymentSale = (body: PaymentSaleRequest) => apiCall<SaleJson>('post', 'payments/sale', { json: body, errorMessage: PUBLIC_MSG.paymentSaleError });

export const fetchPaymentStatus = (saleId: number) => apiCall<PaymentStatusJson>('get', `payments/status/${saleId}`, { errorMessage: PUBLIC_MSG.paymentStatusError });

export const confirmPayment = (saleId: number) => apiCall<PaymentStatusJson>('post', `payments/confirm/${saleId}`, { errorMessage: PUBLIC_MSG.paymentConfirmError });

/** The return pages ask the server to check a reference with Mercado Pago; the answer reveals nothing. */
export const requestPaymentCheck = (externalReference: string) =>
  apiCall<unknown>('post', 'payments/reconcile', { json: { externalReference }, public: true });

export const fetchPaymentSettings = () => apiCall<PaymentSettingsJson>('get', 'payments/settings', { errorMessage: PUBLIC_MSG.paymentSettingsGetError });

export const savePaymentSettings = (body: { accessToken?: string; webhookSecret?: string; publicUrl?: string }) =>
  apiCall<PaymentSettingsJson>('put', 'payments/settings', { json: body, errorMessage: PUBLIC_MSG.paymentSettingsError });
