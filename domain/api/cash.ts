/** Cash sessions (issue #16): a device delivers its events (device credential); the admin reads the sessions and force-closes one a lost device left open. */
import { cashListQuery, cashPushBody, cashPushReply, cashSessionDetailJson, cashSessionJson } from '../schemas/cash';
import { idParam, z } from '../schemas/common';
import { endpoint } from './endpoint';

export const cashApi = {
  push: endpoint('POST /sync/cash', { body: cashPushBody, reply: cashPushReply }),
  list: endpoint('GET /cash-sessions', { query: cashListQuery, reply: z.array(cashSessionJson) }),
  get: endpoint('GET /cash-sessions/:id', { params: idParam, reply: cashSessionDetailJson }),
  forceClose: endpoint('POST /cash-sessions/:id/force-close', { params: idParam, reply: cashSessionJson }),
};
