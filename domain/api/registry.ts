/** ARCA's taxpayer registry (issue #33.2, docs/registry.md): staff look up a buyer by CUIT, or by DNI where the shop has A13. */
import { registryCuitParam, registryDniParam, registryPersonaJson, z } from '../schemas/registry';
import { endpoint } from './endpoint';

export const registryApi = {
  byCuit: endpoint('GET /registry/cuit/:cuit', { params: registryCuitParam, reply: registryPersonaJson }),
  /** Every active person ARCA has for that DNI (usually one). */
  byDni: endpoint('GET /registry/dni/:dni', { params: registryDniParam, reply: z.array(registryPersonaJson) }),
};
