/** Contact messages back office (docs/spec.md §7, admin): list, stats, detail, status/notes update, delete. */
import type { ContactStatus } from '../../domain/constants';
import { MSG } from '../../domain/messages';
import type { ContactMessage, ContactStats } from '../../domain/schemas/contact';
import { api } from './client';

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
  api('GET /contact/list', { query: { ...query, search: query.search?.trim() }, errorMessage: MSG.contactListError });

export const fetchMessageStats = () => api('GET /contact/stats', { errorMessage: MSG.contactStatsError });

export const fetchMessage = (id: number) => api('GET /contact/:id', { params: { id }, errorMessage: MSG.contactGetError });

export const updateMessage = (id: number, change: { status?: ContactStatus; notes?: string | null }) =>
  api('PUT /contact/:id', { params: { id }, json: change, errorMessage: MSG.contactUpdateError });

export const deleteMessage = (id: number) => api('DELETE /contact/:id', { params: { id }, errorMessage: MSG.contactDeleteError });
