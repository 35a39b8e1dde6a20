/** Digital receipts (issue #35 item 4): every signed-in user, sellers too, sends a sale's ticket or invoice. */
import { idParam } from '../schemas/common';
import { receiptChannelsJson, receiptEmailBody, receiptEmailJson, receiptLinkBody, receiptLinkJson } from '../schemas/receipts';
import { endpoint } from './endpoint';

export const receiptsApi = {
  channels: endpoint('GET /receipts/channels', { reply: receiptChannelsJson }),
  link: endpoint('POST /sales/:id/receipt-link', { params: idParam, body: receiptLinkBody, reply: receiptLinkJson, status: 201 }),
  email: endpoint('POST /sales/:id/receipt-email', { params: idParam, body: receiptEmailBody, reply: receiptEmailJson }),
};
