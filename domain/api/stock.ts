/** Stock with reasons (issue #15), admin only: adjust with a reason, a product's history, a count session. */
import { idParam, z } from '../schemas/common';
import { stockAdjustmentBody, stockAdjustmentDto, stockCountBody, stockCountResultDto, stockHistoryQuery, stockMovementDto } from '../schemas/stock';
import { endpoint } from './endpoint';

export const stockApi = {
  adjust: endpoint('POST /products/:id/stock/adjustments', { params: idParam, body: stockAdjustmentBody, reply: stockAdjustmentDto, status: 201 }),
  history: endpoint('GET /products/:id/stock/history', { params: idParam, query: stockHistoryQuery, reply: z.array(stockMovementDto), paginated: true }),
  count: endpoint('POST /stock/counts', { body: stockCountBody, reply: stockCountResultDto }),
};
