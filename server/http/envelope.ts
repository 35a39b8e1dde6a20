/** The JSON envelope every API reply uses: {success, message?, data?, pagination?} (docs/architecture.md «Convenciones de la API»). */
import type { Pagination } from '../../domain/api/endpoint';

export function ok<T>(data: T, message?: string) {
  return message === undefined ? { success: true as const, data } : { success: true as const, message, data };
}

export function paginated<T>(data: T[], page: number, limit: number, total: number) {
  const pagination: Pagination = { page, limit, total, totalItems: total, totalPages: Math.max(1, Math.ceil(total / limit)) };
  return { success: true as const, data, pagination };
}
