/** GET /health: the POS probes it to decide it is online. */
import { healthDto } from '../schemas/health';
import { endpoint } from './endpoint';

export const healthApi = {
  health: endpoint('GET /health', { reply: healthDto }),
};
