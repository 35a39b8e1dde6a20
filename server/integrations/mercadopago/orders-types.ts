/**
 * The JSON of Mercado Pago's Orders API for in-person payments (QR and Point), as Mostrador uses it
 * (../shared/reference/mercadopago-orders.md, README "Cobrar en el mostrador").
 */
export type MpOrderType = 'qr' | 'point';

/** Order statuses: created → (Point: at_terminal →) processed | failed | canceled | expired | action_required; processed → refunded. */
export type MpOrderStatus = 'created' | 'at_terminal' | 'processing' | 'action_required' | 'processed' | 'failed' | 'canceled' | 'expired' | 'refunded';

export interface MpOrderRequest {
  type: MpOrderType;
  /** Two decimals, as a string. */
  total_amount?: string;
  description?: string;
  external_reference: string;
  /** ISO-8601 duration (PT15M). */
  expiration_time: string;
  config: {
    qr?: { external_pos_id: string; mode: 'dynamic' | 'static' | 'hybrid' };
    point?: { terminal_id: string; print_on_terminal?: 'no_ticket' };
    payment_method?: { default_type?: string };
  };
  transactions: { payments: { amount: string }[] };
}

export interface MpOrderPayment {
  id: string;
  amount: string;
  status: string;
  status_detail?: string;
  paid_amount?: string;
}

export interface MpOrder {
  id: string;
  type: MpOrderType;
  status: MpOrderStatus | string;
  status_detail?: string;
  external_reference: string;
  total_amount: string;
  total_paid_amount?: string;
  created_date?: string;
  last_updated_date?: string;
  expiration_time?: string;
  config?: MpOrderRequest['config'];
  transactions: { payments: MpOrderPayment[]; refunds?: { id: string; amount: string; transaction_id?: string }[] };
  type_response?: { qr_data?: string };
}

export interface MpStoreRequest {
  name: string;
  external_id?: string;
  location: { street_number: string; street_name: string; city_name: string; state_name: string; latitude: number; longitude: number; reference?: string };
}

export interface MpStore {
  id: string;
  name: string;
  external_id?: string;
}

export interface MpPosRequest {
  name: string;
  fixed_amount: boolean;
  store_id: string;
  external_store_id?: string;
  external_id: string;
  category?: number;
}

export interface MpPos {
  id: string | number;
  name: string;
  store_id: string;
  external_id: string;
  qr?: { image?: string; template_document?: string };
  status?: string;
}

export interface MpTerminal {
  id: string;
  pos_id: string | number;
  store_id: string;
  external_pos_id: string;
  operating_mode: 'PDV' | 'STANDALONE' | 'SELF_SERVICE';
}
