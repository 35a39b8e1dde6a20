/**
 * One API operation described once, for the server and the client (issue #19): its method and path
 * (the key, e.g. 'PUT /brands/:id'), the zod schemas of its path params, query string and JSON body,
 * and the schema of the `data` its success reply carries (inside the envelope `{success, message?, data,
 * pagination?}`). The server registers the route with these schemas (`server/http/endpoint-schema.ts`):
 * requests are validated, replies are serialised from the reply schema (stray fields stripped) and
 * `/api/docs` describes them. The client (`src/api/client.ts` `api()`) takes the same key and gets its
 * argument and reply types from here — as types only, so no schema reaches the browser bundle.
 */
import { z } from '../schemas/common';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type EndpointKey = `${Method} /${string}`;
export type SuccessStatus = 200 | 201 | 202;

export interface Endpoint<K extends EndpointKey = EndpointKey> {
  key: K;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The `data` of the success reply; `null` for a file (the reply is the file, not the envelope). */
  reply: z.ZodType | null;
  /** Success status (200 unless said); a list when it depends (e.g. `[201, 200]`: created, or the one already there). */
  status?: SuccessStatus | readonly SuccessStatus[];
  /** The reply carries `pagination`: `true` the standard one, or a schema extending it (e.g. a list's total amount). */
  paginated?: boolean | z.ZodObject;
}

/** Declares an operation; the literal key and schemas are kept for the types. */
export const endpoint = <const K extends EndpointKey, const E extends Omit<Endpoint<K>, 'key'>>(key: K, def: E): E & { key: K } => ({
  ...def,
  key,
});

export const pagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalItems: z.number().int(),
  totalPages: z.number().int(),
});
/** A list page's position: `total` and `totalItems` both count every matching item. */
export type Pagination = z.infer<typeof pagination>;

const envelopeOf = <R extends z.ZodType>(data: R) => z.object({ success: z.literal(true), message: z.string().optional(), data });
const pagedEnvelopeOf = <R extends z.ZodType, P extends z.ZodObject = typeof pagination>(data: R, page: P) => envelopeOf(data).extend({ pagination: page });

/** The success envelope around a reply's data (with `pagination` for a paginated list). */
export type SuccessEnvelope<R extends z.ZodType> = ReturnType<typeof envelopeOf<R>>;
export type PagedSuccessEnvelope<R extends z.ZodType, P extends z.ZodObject = typeof pagination> = ReturnType<typeof pagedEnvelopeOf<R, P>>;

/** The success envelope around a reply's data (with `pagination` for a paginated list). */
export const successEnvelope = <R extends z.ZodType>(data: R, paginated: boolean | z.ZodObject = false): SuccessEnvelope<R> | PagedSuccessEnvelope<R, z.ZodObject> =>
  paginated ? pagedEnvelopeOf(data, paginated === true ? pagination : paginated) : envelopeOf(data);

/** The reply of an operation that carries no data (a delete): `{success, message}` only. */
export const noData = z.null().optional();

/** Every refusal (4xx/5xx): the message to show and, for some, data (e.g. how many products use a brand). */
export const failureEnvelope = z.object({ success: z.literal(false), message: z.string(), data: z.unknown().optional() });

export const methodOf = (key: EndpointKey) => key.slice(0, key.indexOf(' ')) as Method;
export const pathOf = (key: EndpointKey) => key.slice(key.indexOf(' ') + 1);
