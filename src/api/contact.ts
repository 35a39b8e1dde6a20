/** Public contact form and product enquiry (docs/spec.md §7): both POST /contact, the enquiry with productId. */
import type { EndpointByKey } from '../../domain/api';
import { PUBLIC_MSG } from '../../domain/public-messages';
import { api, type ApiArgs } from './client';

export type ContactPayload = ApiArgs<EndpointByKey<'POST /contact'>>['json'];

export const sendContact = (payload: ContactPayload) => api('POST /contact', { public: true, json: payload, errorMessage: PUBLIC_MSG.contactFormError });
