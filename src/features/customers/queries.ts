/** TanStack Query keys of the customer screens, built here and nowhere else. */
import type { CustomerQuery } from '../../api/customers';

export const customerKeys = {
  all: ['customers'] as const,
  list: (query: CustomerQuery) => ['customers', 'list', query] as const,
};
