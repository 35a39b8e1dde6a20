/**
 * Configuration entries. Invariants: a non-editable entry (ventas/numero_actual, the numbering counter
 * that only the sales service advances) never changes through this API; every saved value passes
 * configValueError (its type, and the numbering rules for categoria "ventas").
 */
import { MSG } from '../../../domain/messages';
import { configValueError, type ConfigEntry, type CreateConfigInput } from '../../../domain/schemas/configuration';
import type { Store } from '../../db/store';
import { badRequest, conflict, notFound } from '../../http/errors';
import { configurationRepository, type ConfigRow } from './repository';

function toEntry(row: ConfigRow): ConfigEntry {
  return { categoria: row.categoria, clave: row.clave, valor: row.valor, tipo: row.tipo, descripcion: row.descripcion, esEditable: row.esEditable };
}

export async function listConfiguration(store: Store, categoria?: string): Promise<ConfigEntry[]> {
  return (await store.read((q) => configurationRepository.list(q, categoria))).map(toEntry);
}

export function listCategories(store: Store): Promise<string[]> {
  return store.read(configurationRepository.categories);
}

export async function getConfigEntry(store: Store, categoria: string, clave: string): Promise<ConfigEntry> {
  const row = await store.read((q) => configurationRepository.find(q, categoria, clave));
  if (!row) throw notFound(MSG.configNotFound);
  return toEntry(row);
}

export function updateConfigValue(store: Store, categoria: string, clave: string, valor: string): Promise<ConfigEntry> {
  return store.write(async (tx) => {
    const row = await configurationRepository.find(tx, categoria, clave);
    if (!row) throw notFound(MSG.configNotFound);
    if (!row.esEditable) throw conflict(MSG.configNotEditable);
    const error = configValueError(categoria, clave, row.tipo, valor);
    if (error) throw badRequest(error);
    return toEntry((await configurationRepository.setValue(tx, categoria, clave, valor))!);
  });
}

export async function createConfigEntry(store: Store, input: CreateConfigInput): Promise<ConfigEntry> {
  const error = configValueError(input.categoria, input.clave, input.tipo, input.valor);
  if (error) throw badRequest(error);
  const row = await store.write((tx) => configurationRepository.insertNew(tx, input));
  if (!row) throw conflict(MSG.configExists);
  return toEntry(row);
}
