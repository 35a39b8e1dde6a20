/**
 * Sales history (spec §2): date and payment-method filters applied with "Filtrar", the paged table and
 * the detail dialog. `?flagged=true` (the dashboard's link) lists only offline sales with observations.
 */
import { Badge, Button, Group } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { fetchSales, type SaleListItem, type SalesQuery } from '../../api/sales';
import { unwrapPage } from '../../api/unwrap';
import { CenteredLoader } from '../../ui/CenteredLoader';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { Pager } from '../../ui/Pager';
import { StaffPage } from '../../ui/StaffPage';
import { SaleDetailDialog } from './SaleDetailDialog';
import { SalesFilters, type SalesFilterValues } from './SalesFilters';
import { SalesTable } from './SalesTable';

const PAGE_SIZE = 20;

export default function SalesPage() {
  const [params, setParams] = useSearchParams();
  const flagged = params.get('flagged') === 'true';
  const [draft, setDraft] = useState<SalesFilterValues>({ startDate: null, endDate: null, paymentMethod: '' });
  const [applied, setApplied] = useState<SalesFilterValues>(draft);
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<SaleListItem | null>(null);

  const query: SalesQuery = {
    startDate: applied.startDate ?? undefined,
    endDate: applied.endDate ?? undefined,
    paymentMethod: applied.paymentMethod,
    flagged: flagged || undefined,
    page,
    limit: PAGE_SIZE,
  };
  const sales = useQuery({ queryKey: ['sales', 'list', query], queryFn: () => unwrapPage(fetchSales(query)), placeholderData: keepPreviousData });
  const rows = sales.data?.rows ?? [];

  const apply = () => {
    setApplied(draft);
    setPage(1);
    if (JSON.stringify(draft) === JSON.stringify(applied)) void sales.refetch();
  };

  return (
    <StaffPage title="Historial de Ventas">
      <SalesFilters value={draft} onChange={setDraft} onApply={apply} />
      {flagged && (
        <Group>
          <Badge color="warning" variant="light" size="xl" tt="none">
            Solo ventas sin conexión con observaciones
          </Badge>
          <Button variant="subtle" size="md" onClick={() => setParams({})}>
            Ver todas las ventas
          </Button>
        </Group>
      )}
      <ErrorAlert message={sales.error?.message} />
      {sales.isPending ? (
        <CenteredLoader label="Cargando ventas" />
      ) : rows.length === 0 ? (
        <EmptyState message="No hay ventas para mostrar" />
      ) : (
        <>
          <SalesTable sales={rows} onView={setViewing} />
          <Pager page={page} totalPages={sales.data?.pagination.totalPages ?? 1} onChange={setPage} />
        </>
      )}
      <SaleDetailDialog saleId={viewing?.id ?? null} saleNumber={viewing?.saleNumber ?? ''} onClose={() => setViewing(null)} />
    </StaffPage>
  );
}
