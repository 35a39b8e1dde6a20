/**
 * A route's Fastify schema from its shared description (domain/api/endpoint.ts): params, query string
 * and body validate the request; the success reply is serialised through its schema (stray fields
 * stripped, a reply that breaks its description is a 500 the tests see) and every refusal through the
 * failure envelope. `/api/docs` shows both. A file reply (`reply: null`) is described, not serialised.
 */
import { z } from 'zod';
import { failureEnvelope, successEnvelope, type Endpoint, type PagedSuccessEnvelope, type SuccessEnvelope } from '../../domain/api/endpoint';

interface Doc {
  tags: string[];
  summary: string;
  security?: Array<Record<string, string[]>>;
  description?: string;
}

type ReplyOf<E extends Endpoint> = E['reply'] extends z.ZodType
  ? E extends { paginated: true }
    ? PagedSuccessEnvelope<E['reply']>
    : E extends { paginated: infer P extends z.ZodObject }
      ? PagedSuccessEnvelope<E['reply'], P>
      : SuccessEnvelope<E['reply']>
  : z.ZodType;
type StatusOf<E extends Endpoint> = E extends { status: infer S } ? (S extends readonly (infer T extends number)[] ? T : S extends number ? S : 200) : 200;

type RequestSchemas<E extends Endpoint> = (E extends { params: infer P } ? { params: P } : unknown) &
  (E extends { query: infer Q } ? { querystring: Q } : unknown) &
  (E extends { body: infer B } ? { body: B } : unknown);

export type EndpointSchema<E extends Endpoint> = Doc &
  RequestSchemas<E> & { response: { [S in StatusOf<E>]: ReplyOf<E> } & { '4xx': typeof failureEnvelope; '5xx': typeof failureEnvelope } };

/** A file reply (a download): documented as binary; Fastify never serialises the Buffer or stream it sends. */
const FILE_REPLY = z.string().meta({ description: 'El archivo pedido', format: 'binary' });

export function schemaOf<const E extends Endpoint>(e: E, doc: Doc): EndpointSchema<E> {
  const statuses = e.status === undefined ? [200] : typeof e.status === 'number' ? [e.status] : e.status;
  const success = e.reply ? successEnvelope(e.reply, e.paginated ?? false) : undefined;
  return {
    ...doc,
    ...(e.params ? { params: e.params } : {}),
    ...(e.query ? { querystring: e.query } : {}),
    ...(e.body ? { body: e.body } : {}),
    response: { ...Object.fromEntries(statuses.map((s) => [s, success ?? FILE_REPLY])), '4xx': failureEnvelope, '5xx': failureEnvelope },
  } as EndpointSchema<E>;
}
