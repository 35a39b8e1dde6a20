/** Contact messages back office (docs/spec.md §7, admin): list, stats, detail, status/notes update, delete. */
import type { ContactStatus } from '../../domain/constants';
import { MSG } from '../../domain/messages';
import type { ContactMessage, ContactStats } from '../../domain/schemas/contact';
import { apiCall } from './client';

export type { ContactMessage, ContactStats };

export interface MessagesQuery {
  page: number;
  limit?: number;
  status?: ContactStatus | null;
  search?: string;
  /** YYYY-MM-DD */
  startDate?: string | null;
  endDate?: string | null;
}

export const fetchMessages = (query: MessagesQuery) =>
  apiCall<ContactMessage[]>('get', 'contact/list', { query: { ...query, search: query.search?.trim() }, errorMessage: MSG.contactListError });

export const fetchMessageStats = () => apiCall<ContactStats>('get', 'contact/stats', { errorMessage: MSG.contactStatsError });

export const fetchMessage = (id: number) => apiCall<ContactMessage>('get', `contact/${id}`, { errorMessage: MSG.contactGetError });

export const updateMessage = (id: number, change: { status?: ContactStatus; notes?: string | null }) =>
  apiCall<ContactMessage>('put', `contact/${id}`, { json: change, errorMessage: MSG.contactUpdateError });

export const deleteMessage = (id: number) => apiCall<undefined>('delete', `contact/${id}`, { errorMessage: MSG.contactDeleteError });
