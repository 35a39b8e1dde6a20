/**
 * Replies are written from their declared schema (server/http/endpoint-schema.ts): the data is parsed
 * with the route's response schema for its status, so a field the schema does not name is dropped and a
 * reply that breaks its description is a 500 (ResponseSerializationError), never sent half-right.
 * `safeParse`, not the provider's `safeEncode`: reply schemas hold no transforms, so both give the same
 * JSON, and zod's parse has the fast path for objects (a 2,000-product pull page: ≈ 0.7 ms against
 * ≈ 12 ms for encode).
 */
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';

export const replySerializer: FastifySerializerCompiler<z.ZodType> =
  ({ schema, method, url }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
