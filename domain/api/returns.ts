/** Cancellations (admin) and partial returns (signed-in; sellers within the owner's rules) with their credit notes (issue #11). */
import { idParam } from '../schemas/common';
import { createReturnBody, saleReturnJson, saleReturnsJson } from '../schemas/returns';
import { saleJson } from '../schemas/sales';
import { endpoint } from './endpoint';

export const returnsApi = {
  cancel: endpoint('POST /sales/:id/cancel', { params: idParam, reply: saleJson }),
  /** 201 when recorded; 200 with the same return when its requestId was already recorded. */
  create: endpoint('POST /sales/:id/returns', { params: idParam, body: createReturnBody, reply: saleReturnJson, status: [201, 200] }),
  list: endpoint('GET /sales/:id/returns', { params: idParam, reply: saleReturnsJson }),
};
