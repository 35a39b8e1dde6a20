/**
 * A receipt link's token: 32 random bytes (256 bits) as base64url, 43 characters. The database keeps only its
 * SHA-256 (hex): a token is found by hashing what the visitor sent, never by reading it back.
 */
import { createHash, randomBytes } from 'node:crypto';

export const TOKEN_BYTES = 32;
/** Exactly what newReceiptToken makes: anything else is not looked up at all. */
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const newReceiptToken = (): string => randomBytes(TOKEN_BYTES).toString('base64url');

export const hashReceiptToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');
