/** TanStack Query keys of the customer screens, built here and nowhere else. */
import type { CustomerQuery } from '../../api/customers';

export const customerKeys = {
  all: ['customers'] as const,
  list: (query: CustomerQuery) => ['customers', 'list', query] as const,
};

/** The cuenta corriente screens (issue #33.4): under customers, so a change to a customer refreshes them too. */
export const accountKeys = {
  aging: ['customers', 'aging'] as const,
  statement: (id: number) => ['customers', 'statement', id] as const,
};
