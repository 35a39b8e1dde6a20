/** Mercado Pago calls of docs/spec.md §7 (/payments/*), the POS's availability check, the return pages' check and the admin settings. */
import { PUBLIC_MSG } from '../../domain/public-messages';
import { api } from './client';

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
  api('GET /payments/availability', { errorMessage: PUBLIC_MSG.paymentStatusError, noRedirect: true });

export const createPreference = (body: PreferenceRequest) => api('POST /payments/preference', { json: body, errorMessage: PUBLIC_MSG.preferenceError });

export const createPaymentSale = (body: PaymentSaleRequest) => api('POST /payments/sale', { json: body, errorMessage: PUBLIC_MSG.paymentSaleError });

export const fetchPaymentStatus = (saleId: number) => api('GET /payments/status/:id', { params: { id: saleId }, errorMessage: PUBLIC_MSG.paymentStatusError });

export const confirmPayment = (saleId: number) => api('POST /payments/confirm/:id', { params: { id: saleId }, errorMessage: PUBLIC_MSG.paymentConfirmError });

/** The return pages ask the server to check a reference with Mercado Pago; the answer reveals nothing. */
export const requestPaymentCheck = (externalReference: string) =>
  api('POST /payments/reconcile', { json: { externalReference }, public: true });

export const fetchPaymentSettings = () => api('GET /payments/settings', { errorMessage: PUBLIC_MSG.paymentSettingsGetError });

export const savePaymentSettings = (body: { accessToken?: string; webhookSecret?: string; publicUrl?: string }) =>
  api('PUT /payments/settings', { json: body, errorMessage: PUBLIC_MSG.paymentSettingsError });
