import { Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DeleteInUseQuery } from '../../../../domain/schemas/products';
import type { ApiResult } from '../../../api/client';
import { unwrap } from '../../../api/unwrap';
import { CenteredLoader } from '../../../ui/CenteredLoader';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { EmptyState } from '../../../ui/EmptyState';
import { FeedbackAlert } from '../../../ui/FeedbackAlert';
import { LoadFailed } from '../../../ui/LoadFailed';
import { useFeedback } from '../../../ui/useFeedback';
import { brandKeys, categoryKeys, productKeys } from '../../products/queries';
import { EntityDialog, type EntityValues } from './EntityDialog';
import { EntityTable, type Classifier } from './EntityTable';
import { InUseDeleteDialog, type InUseNouns } from './InUseDeleteDialog';

export interface ClassifierApi<T extends Classifier> {
  queryKey: typeof categoryKeys.all | typeof brandKeys.all;
  /** Table label, e.g. "Categorías". */
  label: string;
  newLabel: string;
  editLabel: string;
  emptyMessage: string;
  confirmDelete: string;
  nouns: InUseNouns;
  withOrder: boolean;
  list: () => Promise<ApiResult<T[]>>;
  create: (values: EntityValues) => Promise<ApiResult<T>>;
  update: (id: number, values: EntityValues) => Promise<ApiResult<T>>;
  /** Without `what`, one in use answers 409 with data.products. */
  remove: (id: number, what?: DeleteInUseQuery) => Promise<ApiResult<{ products: number }>>;
}

const inUseCount = (result: ApiResult<unknown>) =>
  !result.success && result.status === 409 ? ((result.data as { products?: number } | undefined)?.products ?? null) : null;

/**
 * The Categorías and Marcas tabs: table, create/edit dialog and delete with confirmation. When products
 * use the one being deleted, the server answers with their count and a second dialog asks where they go.
 */
export function ClassifierTab<T extends Classifier & { order?: number }>({ api }: { api: ClassifierApi<T> }) {
  const queryClient = useQueryClient();
  const rows = useQuery({ queryKey: api.queryKey, queryFn: () => unwrap(api.list()) });
  const [editing, setEditing] = useState<{ entity: T | null } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [inUse, setInUse] = useState<{ entity: T; products: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const { feedback, report, clear } = useFeedback();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: api.queryKey });
    await queryClient.invalidateQueries({ queryKey: productKeys.all });
  };

  const save = async (values: EntityValues) => {
    const entity = editing?.entity;
    const result = entity ? await api.update(entity.id, values) : await api.create(values);
    if (!result.success) return result.message;
    // The table shows the change before the dialog closes and the notice says it is done.
    await refresh();
    setEditing(null);
    report(result);
    return null;
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    const result = await api.remove(deleting.id);
    const products = inUseCount(result);
    if (result.success) await refresh();
    setBusy(false);
    setDeleting(null);
    if (products) setInUse({ entity: deleting, products });
    else report(result);
  };

  const deleteInUse = async (what: DeleteInUseQuery) => {
    if (!inUse) return;
    setBusy(true);
    const result = await api.remove(inUse.entity.id, what);
    if (result.success) await refresh();
    setBusy(false);
    setInUse(null);
    report(result);
  };

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button size="md" leftSection={<IconPlus size={18} />} onClick={() => setEditing({ entity: null })}>
          {api.newLabel}
        </Button>
      </Group>
      <FeedbackAlert feedback={feedback} onClose={clear} />
      {rows.error && !rows.data ? (
        <LoadFailed message={rows.error.message} onRetry={() => void rows.refetch()} retrying={rows.isFetching} />
      ) : rows.isPending ? (
        <CenteredLoader />
      ) : (rows.data ?? []).length === 0 ? (
        <EmptyState message={api.emptyMessage} />
      ) : (
        <EntityTable label={api.label} rows={rows.data ?? []} onEdit={(entity) => setEditing({ entity })} onDelete={setDeleting} />
      )}
      <EntityDialog
        opened={editing !== null}
        title={editing?.entity ? api.editLabel : api.newLabel}
        entity={editing?.entity ?? null}
        withOrder={api.withOrder}
        onClose={() => setEditing(null)}
        onSave={save}
      />
      <ConfirmDialog opened={deleting !== null} message={api.confirmDelete} busy={busy} onConfirm={confirmDelete} onCancel={() => setDeleting(null)} />
      <InUseDeleteDialog
        target={inUse}
        others={(rows.data ?? []).filter((row) => row.id !== inUse?.entity.id)}
        nouns={api.nouns}
        busy={busy}
        onConfirm={deleteInUse}
        onCancel={() => setInUse(null)}
      />
    </Stack>
  );
}
