/** GET /health's reply: the server is up, and its clock. */
import { z } from './common';

export const healthDto = z.object({ status: z.literal('ok'), time: z.string() });
