/** TanStack Query keys of what the settings tabs edit (other screens read some of them too). */
export const configurationKeys = {
  all: ['configuration'] as const,
  category: (categoria: string) => ['configuration', categoria] as const,
};

export const userKeys = { all: ['users'] as const };
export const deviceKeys = { all: ['devices'] as const };

export const backupKeys = {
  all: ['backups'] as const,
  status: ['backups', 'status'] as const,
  list: ['backups', 'list'] as const,
};
