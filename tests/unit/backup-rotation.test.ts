import { describe, expect, it } from 'vitest';
import { backupsToKeep, type BackupEntry } from '../../server/modules/backups/rotation';
import { parseInterval, parseKeep } from '../../server/modules/backups/settings';

const TZ = 'America/Argentina/Buenos_Aires';
const at = (iso: string, kind: BackupEntry['kind'] = 'programada'): BackupEntry => ({ name: `${iso}-${kind}`, takenAt: new Date(iso), kind });

describe('retención de copias (7 diarias, 4 semanales)', () => {
  const policy = { daily: 7, weekly: 4, preMigration: 3 };

  it('sobre 60 días de copias diarias a las 03:00 conserva exactamente 7 días y la más nueva de 4 semanas', () => {
    // 2026-09-24 … 2026-11-22, one backup a day at 03:00 local (06:00 UTC).
    const entries = Array.from({ length: 60 }, (_, i) => at(new Date(Date.UTC(2026, 8, 24 + i, 6)).toISOString()));
    const keep = [...backupsToKeep(entries, policy, TZ)].sort();
    const days = (names: string[]) => names.map((name) => name.slice(0, 10));
    // The 7 newest days (16–22 Nov), plus the newest of each earlier week: Sun 15, Sun 8, Sun 1 Nov
    // (weeks start on Monday; the week of 16–22 Nov is already covered by the 22nd).
    expect(days(keep)).toEqual(['2026-11-01', '2026-11-08', '2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22']);
  });

  it('el día es el del comercio: 23:30 en Buenos Aires es el mismo día aunque en UTC ya sea mañana', () => {
    const entries = [at('2026-11-22T02:30:00.000Z'), at('2026-11-21T20:00:00.000Z')]; // both 21 Nov local
    expect([...backupsToKeep(entries, { daily: 1, weekly: 0, preMigration: 0 }, TZ)]).toEqual(['2026-11-22T02:30:00.000Z-programada']);
  });

  it('varias copias del mismo día: se queda la más nueva; las previas a una migración se conservan aparte', () => {
    const entries = [
      at('2026-11-22T10:00:00.000Z', 'manual'),
      at('2026-11-22T12:00:00.000Z', 'pre-migracion'),
      at('2026-11-22T13:00:00.000Z'),
      at('2026-10-01T13:00:00.000Z', 'pre-migracion'),
    ];
    const keep = backupsToKeep(entries, { daily: 7, weekly: 0, preMigration: 1 }, TZ);
    expect([...keep].sort()).toEqual(['2026-11-22T12:00:00.000Z-pre-migracion', '2026-11-22T13:00:00.000Z-programada']);
  });

  it('la más nueva siempre se conserva', () => {
    const entries = [at('2026-11-22T12:00:00.000Z', 'pre-migracion')];
    expect(backupsToKeep(entries, { daily: 1, weekly: 0, preMigration: 0 }, TZ).size).toBe(1);
  });
});

describe('BACKUP_INTERVAL y BACKUP_KEEP', () => {
  it('lee intervalos y retención', () => {
    expect(parseInterval(undefined)).toBe(86_400_000);
    expect(parseInterval('6h')).toBe(21_600_000);
    expect(parseInterval('30m')).toBe(1_800_000);
    expect(parseInterval('off')).toBe(0);
    expect(parseKeep(undefined)).toEqual({ daily: 7, weekly: 4, preMigration: 3 });
    expect(parseKeep('14')).toEqual({ daily: 14, weekly: 0, preMigration: 3 });
  });

  it('rechaza valores que no entiende, en castellano', () => {
    expect(() => parseInterval('diario')).toThrow(/BACKUP_INTERVAL inválido/);
    expect(() => parseInterval('0h')).toThrow(/BACKUP_INTERVAL inválido/);
    expect(() => parseKeep('7x')).toThrow(/BACKUP_KEEP inválido/);
    expect(() => parseKeep('0d,0w')).toThrow(/al menos una copia/);
  });
});
