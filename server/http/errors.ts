/** Errors a service may throw; the app's error handler turns them into the {success:false, message} envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, data?: unknown) => new AppError(400, message, data);
export const unauthorized = (message: string) => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string, data?: unknown) => new AppError(409, message, data);

/** Codes of a write refused for lack of space: the OS (ENOSPC, EDQUOT quota), SQLite (SQLITE_FULL), PostgreSQL (53100 disk_full). */
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);

/** True when `error` (or what it wraps, along `cause`: Drizzle and the drivers wrap) says the disk is full. */
export function isDiskFull(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 8 && current && typeof current === 'object'; depth++) {
    if (DISK_FULL_CODES.has(String((current as { code?: unknown }).code))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
