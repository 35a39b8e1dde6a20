/**
 * Contact messages (docs/spec.md §2, admin): stats, filters, paged table ("Anterior"/"Siguiente", "Página X de Y"),
 * detail dialog, delete with confirmation and "Exportar" (CSV / Excel) of the filtered date range.
 */
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LIMITS, TIMINGS } from '../../../domain/constants';
import { MSG } from '../../../domain/messages';
import { deleteMessage, fetchMessages, fetchMessageStats, type ContactMessage, type MessagesQuery } from '../../api/messages';
import { unwrap, unwrapPage } from '../../api/unwrap';
import { CenteredLoader } from '../../ui/CenteredLoader';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { ExportMenu } from '../../ui/ExportMenu';
import { FeedbackAlert } from '../../ui/FeedbackAlert';
import { Pager } from '../../ui/Pager';
import { StaffPage } from '../../ui/StaffPage';
import { useFeedback } from '../../ui/useFeedback';
import { MessageDetailDialog } from './MessageDetailDialog';
import { MessageFilters, type MessageFilterValues } from './MessageFilters';
import { MessageStats } from './MessageStats';
import { MessagesTable } from './MessagesTable';
import { messageKeys } from './queries';

export default function MessagesPage() {
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<MessageFilterValues>({ search: '', status: null, startDate: null, endDate: null });
  const [search] = useDebouncedValue(filters.search.trim(), TIMINGS.searchDebounceMs);
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<ContactMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const { feedback, report, fail, clear } = useFeedback();

  const query: MessagesQuery = { page, limit: LIMITS.contactPageSize, search, status: filters.status, startDate: filters.startDate, endDate: filters.endDate };
  const list = useQuery({ queryKey: messageKeys.list(query), queryFn: () => unwrapPage(fetchMessages(query)), placeholderData: keepPreviousData });
  const stats = useQuery({ queryKey: messageKeys.stats, queryFn: () => unwrap(fetchMessageStats()) });
  const rows = list.data?.rows ?? [];

  const changeFilters = (next: MessageFilterValues) => {
    setFilters(next);
    setPage(1);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    const result = await deleteMessage(deleting.id);
    if (result.success) await queryClient.invalidateQueries({ queryKey: messageKeys.all });
    setBusy(false);
    setDeleting(null);
    report(result, MSG.messageDeleted);
  };

  return (
    <StaffPage
      title="Mensajes de Contacto"
      actions={<ExportMenu dataset="mensajes" range={{ startDate: filters.startDate, endDate: filters.endDate }} onError={fail} />}
    >
      <FeedbackAlert feedback={feedback} onClose={clear} />
      <ErrorAlert message={(list.error ?? stats.error)?.message} />
      <MessageStats stats={stats.data} />
      <MessageFilters value={filters} onChange={changeFilters} />
      {list.isPending ? (
        <CenteredLoader label="Cargando mensajes" />
      ) : rows.length === 0 ? (
        <EmptyState message="No hay mensajes para mostrar" />
      ) : (
        <>
          <MessagesTable messages={rows} onView={(m) => setViewing(m.id)} onDelete={setDeleting} />
          <Pager page={page} totalPages={list.data?.pagination.totalPages ?? 1} onChange={setPage} />
        </>
      )}
      <MessageDetailDialog messageId={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        message="¿Estás seguro de eliminar este mensaje?"
        busy={busy}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </StaffPage>
  );
}
