/** The cuenta corriente in the back office (issue #33.4, domain/api/accounts.ts): a customer's statement, the aging of every account (admin). */
import { api } from './client';

export const ACCOUNTS_MSG = {
  statementError: 'No se pudo cargar el estado de cuenta',
  agingError: 'No se pudieron cargar las cuentas corrientes',
} as const;

export const fetchStatement = (id: number) => api('GET /customers/:id/statement', { params: { id }, errorMessage: ACCOUNTS_MSG.statementError });

export const fetchAging = () => api('GET /accounts/aging', { errorMessage: ACCOUNTS_MSG.agingError });
