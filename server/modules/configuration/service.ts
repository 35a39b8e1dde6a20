/**
 * Configuration entries. Invariants: a non-editable entry (ventas/numero_actual, the numbering counter
 * that only the sales service advances) never changes through this API; every saved value passes
 * configValueError (its type, and the numbering rules for categoria "ventas").
 */
import { MSG } from '../../../domain/messages';
import { configValueError, type ConfigEntry, type CreateConfigInput } from '../../../domain/schemas/configuration';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import { configurationRepository, type ConfigRow } from './repository';

function toEntry(row: ConfigRow): ConfigEntry {
  return { categoria: row.categoria, clave: row.clave, valor: row.valor, tipo: row.tipo, descripcion: row.descripcion, esEditable: row.esEditable };
}

export function listConfiguration(db: Db, categoria?: string): ConfigEntry[] {
  return configurationRepository.list(db, categoria).map(toEntry);
}

export function listCategories(db: Db): string[] {
  return configurationRepository.categories(db);
}

export function getConfigEntry(db: Db, categoria: string, clave: string): ConfigEntry {
  const row = configurationRepository.find(db, categoria, clave);
  if (!row) throw notFound(MSG.configNotFound);
  return toEntry(row);
}

export function updateConfigValue(db: Db, categoria: string, clave: string, valor: string): ConfigEntry {
  const row = configurationRepository.find(db, categoria, clave);
  if (!row) throw notFound(MSG.configNotFound);
  if (!row.esEditable) throw conflict(MSG.configNotEditable);
  const error = configValueError(categoria, clave, row.tipo, valor);
  if (error) throw badRequest(error);
  return toEntry(configurationRepository.setValue(db, categoria, clave, valor)!);
}

export function createConfigEntry(db: Db, input: CreateConfigInput): ConfigEntry {
  const error = configValueError(input.categoria, input.clave, input.tipo, input.valor);
  if (error) throw badRequest(error);
  const row = configurationRepository.insertNew(db, input);
  if (!row) throw conflict(MSG.configExists);
  return toEntry(row);
}
