/** One request to the simulator's Orders and set-up routes, as their handlers see it, and Mercado Pago's error body. */
import type http from 'node:http';

export type Reply = (status: number, body: unknown) => void;
export interface SimRequest {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  url: URL;
  raw: string;
  params: string[];
  reply: Reply;
}
export type OrdersRoute = [method: string, pattern: RegExp, handler: (r: SimRequest) => void | Promise<void>];

/** Mercado Pago's error body for the Orders API. */
export const simError = (code: string, message: string) => ({ errors: [{ code, message, details: [] }] });
