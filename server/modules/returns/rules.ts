/**
 * The owner's rules for sellers' returns (domain/sale-returns-rules.ts), stored as configuration entries of
 * categoria "devoluciones": created with their defaults when missing (at every start, never overwriting what
 * the admin set) and read inside the return's transaction, so a change applies to the next return.
 */
import { RETURN_RULES_CATEGORY, RETURN_RULES_ENTRIES, returnRulesOf, type ReturnRules } from '../../../domain/sale-returns-rules';
import type { Q, Store } from '../../db/store';
import { configurationRepository } from '../configuration/repository';

export function ensureReturnRules(store: Store): Promise<void> {
  return store.write(async (tx) => {
    for (const entry of RETURN_RULES_ENTRIES) await configurationRepository.insertNew(tx, { categoria: RETURN_RULES_CATEGORY, esEditable: true, ...entry });
  });
}

export async function readReturnRules(q: Q): Promise<ReturnRules> {
  return returnRulesOf(await configurationRepository.list(q, RETURN_RULES_CATEGORY));
}
