/** TanStack Query keys of the cash sessions (cajas); every one starts with 'cash-sessions'. */
import type { CashSessionsQuery } from '../../api/cash';

export const cashSessionKeys = {
  all: ['cash-sessions'] as const,
  list: (query: CashSessionsQuery) => ['cash-sessions', 'list', query] as const,
  detail: (id: number | undefined) => ['cash-sessions', 'detail', id] as const,
};
