/**
 * Sales history (docs/spec.md §2, issue #15): search (number, customer, product), date, method, status and seller
 * filters applied with "Filtrar", the count and total of the filtered period, the paged table and the
 * detail dialog; "Reimprimir" prints a sale's ticket again; "Exportar" (admin) writes the sales of the applied date range with their items. `?flagged=true` (the dashboard's link) lists only offline sales with observations.
 * Admins also see, below the list, the devices' rejected sales kept in quarantine (QuarantinePanel, issue #29).
 * A failed load shows the error with "Reintentar", never "No hay ventas" or a $ 0,00 total.
 */
import { Badge, Button, Group, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { fetchSales, type SaleListItem, type SalesPagination, type SalesQuery } from '../../api/sales';
import { fetchUsers } from '../../api/users';
import { useAuth } from '../../session/auth-context';
import { unwrap } from '../../api/unwrap';
import { isNetworkError, unwrapPage } from '../../api/unwrap';
import { LoadFailed } from '../../ui/LoadFailed';
import { Money } from '../../ui/Money';
import { CenteredLoader } from '../../ui/CenteredLoader';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { ExportMenu } from '../../ui/ExportMenu';
import { Pager } from '../../ui/Pager';
import { StaffPage } from '../../ui/StaffPage';
import { userKeys } from '../settings/queries';
import { saleKeys } from './queries';
import { SaleDetailDialog } from './SaleDetailDialog';
import { emptySalesFilters, SalesFilters, type SalesFilterValues } from './SalesFilters';
import { SalesTable } from './SalesTable';
import { QuarantinePanel } from './QuarantinePanel';
import { useReprint } from './useReprint';

const PAGE_SIZE = 20;

export default function SalesPage() {
  const [params, setParams] = useSearchParams();
  const flagged = params.get('flagged') === 'true';
  const { isAdmin } = useAuth();
  const [draft, setDraft] = useState<SalesFilterValues>(emptySalesFilters);
  const [applied, setApplied] = useState<SalesFilterValues>(draft);
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<SaleListItem | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const reprint = useReprint();

  const query: SalesQuery = {
    startDate: applied.startDate ?? undefined,
    endDate: applied.endDate ?? undefined,
    paymentMethod: applied.paymentMethod,
    status: applied.status || undefined,
    userId: applied.userId ? Number(applied.userId) : undefined,
    search: applied.search.trim() || undefined,
    flagged: flagged || undefined,
    page,
    limit: PAGE_SIZE,
  };
  const sales = useQuery({ queryKey: saleKeys.list(query), queryFn: () => unwrapPage(fetchSales(query)), placeholderData: keepPreviousData });
  const rows = sales.data?.rows ?? [];
  const pagination = sales.data?.pagination as SalesPagination | undefined;
  const users = useQuery({ queryKey: userKeys.all, queryFn: () => unwrap(fetchUsers()), enabled: isAdmin });
  const sellers = users.data ? users.data.map((u) => ({ value: String(u.id), label: u.fullName })) : null;

  const apply = () => {
    setApplied(draft);
    setPage(1);
    if (JSON.stringify(draft) === JSON.stringify(applied)) void sales.refetch();
  };

  return (
    <StaffPage
      title="Historial de Ventas"
      actions={isAdmin && <ExportMenu dataset="ventas" range={{ startDate: applied.startDate, endDate: applied.endDate }} onError={setExportError} />}
    >
      <ErrorAlert
        message={exportError ?? reprint.error}
        onClose={() => {
          setExportError(null);
          reprint.clearError();
        }}
      />
      <SalesFilters value={draft} onChange={setDraft} onApply={apply} sellers={sellers} />
      {flagged && (
        <Group>
          <Badge color="warning" variant="light" size="xl" tt="none">
            Solo ventas con observaciones (sin conexión, pagos a revisar, reembolsos)
          </Badge>
          <Button variant="subtle" size="md" onClick={() => setParams({})}>
            Ver todas las ventas
          </Button>
        </Group>
      )}
      {sales.isError ? (
        <LoadFailed message={sales.error.message} onRetry={() => void sales.refetch()} retrying={sales.isFetching} offline={isNetworkError(sales.error)} />
      ) : sales.isPending ? (
        <CenteredLoader label="Cargando ventas" />
      ) : rows.length === 0 ? (
        <EmptyState message="No hay ventas para mostrar" />
      ) : (
        <>
          <Text aria-live="polite" data-testid="sales-totals">
            {pagination?.total ?? rows.length} venta(s) · Total <Money value={pagination?.totalAmount ?? 0} /> (cobrado, neto de devoluciones y reembolsos)
          </Text>
          <SalesTable sales={rows} onView={setViewing} onReprint={(sale) => void reprint.printById(sale.id)} reprintingId={reprint.loadingId} />
          <Pager page={page} totalPages={sales.data?.pagination.totalPages ?? 1} onChange={setPage} />
        </>
      )}
      {isAdmin && <QuarantinePanel />}
      {reprint.receipt}
      <SaleDetailDialog saleId={viewing?.id ?? null} saleNumber={viewing?.saleNumber ?? ''} onClose={() => setViewing(null)} />
    </StaffPage>
  );
}
