/** Public contact form and product enquiry (docs/spec.md §7): both POST /contact, the enquiry with productId. */
import { PUBLIC_MSG } from '../../domain/public-messages';
import { apiCall } from './client';

export interface ContactPayload {
  name: string;
  email: string;
  phone?: string;
  subject?: string;
  message: string;
  productId?: number;
}

export const sendContact = (payload: ContactPayload) =>
  apiCall<{ id: number }>('post', 'contact', { public: true, json: payload, errorMessage: PUBLIC_MSG.contactFormError });
