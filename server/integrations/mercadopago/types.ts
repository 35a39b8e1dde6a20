/** The JSON of the Mercado Pago API that Mostrador uses (docs/reference/mercadopago.md "Create a preference", "Notifications"). */
export interface MpPreferenceRequest {
  items: { id: string; title: string; quantity: number; unit_price: number; currency_id: 'ARS' }[];
  payer: { name: string; email: string };
  external_reference: string;
  back_urls: { success: string; failure: string; pending: string };
  auto_return: 'approved';
  notification_url?: string;
  expires: boolean;
  expiration_date_to: string;
  statement_descriptor?: string;
  metadata?: Record<string, string>;
}

export interface MpPreference {
  id: string;
  init_point: string;
  sandbox_init_point?: string | null;
  external_reference?: string;
}

export interface MpPayment {
  id: number | string;
  status: string;
  status_detail?: string | null;
  external_reference?: string | null;
  transaction_amount?: number;
  date_created?: string;
  preference_id?: string | null;
}

export interface MpSearchResult {
  results: MpPayment[];
  paging?: { total: number; limit: number; offset: number };
}
