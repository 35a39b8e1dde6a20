/**
 * TanStack Query keys of the contact messages. The list and the counts start with 'contact'; one
 * message's detail has its own prefix, so refreshing the list does not refetch the open message.
 */
import type { MessagesQuery } from '../../api/messages';

export const messageKeys = {
  all: ['contact'] as const,
  list: (query: MessagesQuery) => ['contact', 'list', query] as const,
  stats: ['contact', 'stats'] as const,
  detail: (id: number | null) => ['contact-message', id] as const,
};
