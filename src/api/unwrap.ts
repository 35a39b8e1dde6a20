/**
 * For TanStack Query: apiCall never throws, but a query function must, so its error state (and retry)
 * works. The thrown ApiError carries the docs/spec.md §8 message to show.
 */
import type { ApiResult, Pagination } from './client';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The data of a successful call; throws ApiError otherwise. */
export async function unwrap<T>(call: Promise<ApiResult<T>>): Promise<T> {
  const result = await call;
  if (!result.success) throw new ApiError(result.message, result.status);
  return result.data;
}

/** A page of rows with its pagination (defaults to a single page when the server sends none). */
export async function unwrapPage<T>(call: Promise<ApiResult<T[]>>): Promise<{ rows: T[]; pagination: Pagination }> {
  const result = await call;
  if (!result.success) throw new ApiError(result.message, result.status);
  const rows = result.data;
  return { rows, pagination: result.pagination ?? { page: 1, limit: rows.length, total: rows.length, totalItems: rows.length, totalPages: 1 } };
}

/** The server was not reached (offline, timeout): ApiError status 0, as apiCall reports a network failure. */
export const isNetworkError = (error: unknown): boolean => error instanceof ApiError && error.status === 0;
