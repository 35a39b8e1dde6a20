/** Backup settings from the environment: BACKUP_DIR, BACKUP_INTERVAL and BACKUP_KEEP (README "Configuración"). */
import path from 'node:path';
import type { RetentionPolicy } from './rotation';

export interface BackupSettings {
  dir: string;
  /** Milliseconds between scheduled backups; 0 turns the schedule off. */
  intervalMs: number;
  keep: RetentionPolicy;
}

const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `30m`, `6h`, `1d`; `0` or `off` for no schedule. */
export function parseInterval(value: string | undefined): number {
  const text = (value ?? '1d').trim().toLowerCase();
  if (text === '0' || text === 'off' || text === 'no') return 0;
  const m = /^(\d+)\s*([mhd])$/.exec(text);
  if (!m || Number(m[1]) === 0) throw new Error(`BACKUP_INTERVAL inválido: "${value}" (ejemplos: 30m, 6h, 1d, off)`);
  return Number(m[1]) * UNIT_MS[m[2]];
}

/** `7d,4w` = the newest backup of each of the last 7 days and of each of the last 4 weeks; a bare number is days. */
export function parseKeep(value: string | undefined): RetentionPolicy {
  const text = (value ?? '7d,4w').trim().toLowerCase();
  const policy: RetentionPolicy = { daily: 0, weekly: 0, preMigration: 3 };
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const m = /^(\d+)([dw]?)$/.exec(part);
    if (!m) throw new Error(`BACKUP_KEEP inválido: "${value}" (ejemplo: 7d,4w)`);
    if (m[2] === 'w') policy.weekly = Number(m[1]);
    else policy.daily = Number(m[1]);
  }
  if (policy.daily + policy.weekly === 0) throw new Error('BACKUP_KEEP debe conservar al menos una copia');
  return policy;
}

export function backupSettingsFrom(env: NodeJS.ProcessEnv, dataDir: string): BackupSettings {
  return {
    dir: path.resolve(env.BACKUP_DIR || path.join(dataDir, 'backups')),
    intervalMs: parseInterval(env.BACKUP_INTERVAL),
    keep: parseKeep(env.BACKUP_KEEP),
  };
}
