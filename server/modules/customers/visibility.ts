/** Whether sellers may read customers' documents and e-mails (privacidad/vendedores_ven_clientes, default yes). */
import { VISIBILITY_CATEGORY, VISIBILITY_ENTRIES } from '../../../domain/schemas/configuration';
import type { Q } from '../../db/store';
import { configurationRepository } from '../configuration/repository';

const KEY = 'vendedores_ven_clientes';

export async function customerDataVisible(q: Q): Promise<boolean> {
  const row = await configurationRepository.find(q, VISIBILITY_CATEGORY, KEY);
  return (row?.valor ?? VISIBILITY_ENTRIES.find((e) => e.clave === KEY)!.valor) === 'true';
}
