/** Contact message statuses (docs/spec.md §4) in Spanish, with their chip colours. */
import type { ContactStatus } from '../../../domain/constants';

export const MESSAGE_STATUS: Record<ContactStatus, { label: string; color: string }> = {
  nuevo: { label: 'Nuevo', color: 'info' },
  leido: { label: 'Leído', color: 'primary' },
  respondido: { label: 'Respondido', color: 'success' },
  archivado: { label: 'Archivado', color: 'gray' },
};
