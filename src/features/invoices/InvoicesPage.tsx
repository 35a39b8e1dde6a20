/**
 * Facturas Emitidas (docs/spec.md §2): date range (first of the month to today) applied with "Buscar",
 * "Actualizar" reloads it, the paged table with "Filas por página:" and "Mostrando N de M facturas
 * emitidas", the empty state; pending or failed invoices are listed above with "Reintentar". The sale
 * number opens the sale's detail, whose invoicing section reprints the invoice. Admins also see the
 * "Contingencia (CAEA)" section (CAEA invoices not yet informed to ARCA, with their deadline), and
 * "Para el contador" downloads the month's Libro IVA files (issue #37), and "Exportar" writes every invoice of the applied range, whatever its state, to CSV or Excel.
 */
import { Alert, Button, Group } from '@mantine/core';
import { IconInfoCircle, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { Invoice, InvoiceListQuery } from '../../api/invoices';
import { useAuth } from '../../session/auth-context';
import { CenteredLoader } from '../../ui/CenteredLoader';
import { firstOfMonthString, todayString } from '../../ui/dates';
import { DateRangeFilter } from '../../ui/DateRangeFilter';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { ExportMenu } from '../../ui/ExportMenu';
import { StaffPage } from '../../ui/StaffPage';
import { SaleDetailDialog } from '../sales/SaleDetailDialog';
import { AccountantSection } from './AccountantSection';
import { CaeaContingencySection } from './CaeaContingencySection';
import { useInvoiceList, useInvoicingStatus } from './invoice-queries';
import { InvoicesFooter } from './InvoicesFooter';
import { InvoicesTable } from './InvoicesTable';
import { PendingInvoicesNotice } from './PendingInvoicesNotice';
import { ModeBadge } from './SimulatorBadge';

interface Range {
  startDate: string | null;
  endDate: string | null;
}

export default function InvoicesPage() {
  const [draft, setDraft] = useState<Range>(() => ({ startDate: firstOfMonthString(), endDate: todayString() }));
  const [applied, setApplied] = useState<Range>(draft);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const [viewing, setViewing] = useState<Invoice | null>(null);
  const status = useInvoicingStatus();
  const { isAdmin } = useAuth();
  const [exportError, setExportError] = useState<string | null>(null);

  const query: InvoiceListQuery = { startDate: applied.startDate ?? undefined, endDate: applied.endDate ?? undefined, page, limit, status: 'autorizada' };
  const list = useInvoiceList(query);
  const rows = list.data?.rows ?? [];
  const pagination = list.data?.pagination;

  const search = () => {
    setApplied(draft);
    setPage(1);
    if (draft.startDate === applied.startDate && draft.endDate === applied.endDate && page === 1) void list.refetch();
  };

  return (
    <StaffPage
      title="Facturas Emitidas"
      actions={
        <Group gap="sm">
          {status.data && <ModeBadge status={status.data} />}
          {isAdmin && <ExportMenu dataset="facturas" range={applied} onError={setExportError} />}
        </Group>
      }
    >
      <ErrorAlert message={exportError} onClose={() => setExportError(null)} />
      {status.data && !status.data.configured && (
        <Alert color="info" variant="light" icon={<IconInfoCircle />} title="Facturación electrónica no configurada">
          {status.data.message}
        </Alert>
      )}
      {status.error && <ErrorAlert message={status.error.message} />}
      <Group align="flex-end" gap="md">
        <DateRangeFilter start={draft.startDate} end={draft.endDate} onStartChange={(startDate) => setDraft({ ...draft, startDate })} onEndChange={(endDate) => setDraft({ ...draft, endDate })} />
        <Button size="md" leftSection={<IconSearch size={18} />} onClick={search}>
          Buscar
        </Button>
        <Button size="md" variant="default" leftSection={<IconRefresh size={18} />} onClick={() => void list.refetch()} loading={list.isFetching && !list.isPending}>
          Actualizar
        </Button>
      </Group>
      <PendingInvoicesNotice />
      {list.error ? (
        <ErrorAlert message={list.error.message} />
      ) : list.isPending ? (
        <CenteredLoader label="Cargando facturas" />
      ) : rows.length === 0 ? (
        <EmptyState message="No se encontraron facturas en el período seleccionado" />
      ) : (
        <>
          <InvoicesTable invoices={rows} onViewSale={setViewing} />
          <InvoicesFooter
            shown={rows.length}
            total={pagination?.total ?? rows.length}
            page={page}
            totalPages={pagination?.totalPages ?? 1}
            limit={limit}
            onPage={setPage}
            onLimit={(next) => {
              setLimit(next);
              setPage(1);
            }}
          />
        </>
      )}
      {isAdmin && <CaeaContingencySection />}
      {isAdmin && <AccountantSection />}
      <SaleDetailDialog saleId={viewing?.saleId ?? null} saleNumber={viewing?.saleNumber ?? ''} onClose={() => setViewing(null)} />
    </StaffPage>
  );
}
