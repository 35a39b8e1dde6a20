/**
 * Dashboard (docs/spec.md §2): date range (first of the month → today) with "Actualizar", four stat cards,
 * the tables that have data, lazily loaded charts, a notice about flagged sales (each cause worded) and (admins)
 * one when the last backup is older than two intervals, and (admins of a monotributo issuer) the 12-month figure
 * against the category (MonotributoCard). A failed load shows the error with
 * "Reintentar" instead of the figures: never $ 0,00 beside an error.
 */
import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { isNetworkError } from '../../api/unwrap';
import { CenteredLoader } from '../../ui/CenteredLoader';
import { DateRangeFilter } from '../../ui/DateRangeFilter';
import { LoadFailed } from '../../ui/LoadFailed';
import { StaffPage } from '../../ui/StaffPage';
import { firstOfMonthString, todayString } from '../../ui/dates';
import { useAuth } from '../../session/auth-context';
import { BackupNotice } from './BackupNotice';
import { LowStockTable, PaymentMethodsTable, TopProductsTable } from './DashboardTables';
import { CashDifferencesNotice } from './CashDifferencesNotice';
import { FlaggedSalesNotice } from './FlaggedSalesNotice';
import { MonotributoCard } from './MonotributoCard';
import { StatCards } from './StatCards';
import { useDashboardData, type DayRange } from './useDashboardData';

const DashboardCharts = lazy(() => import('./DashboardCharts'));

export default function DashboardPage() {
  const [draft, setDraft] = useState<{ start: string | null; end: string | null }>(() => ({ start: firstOfMonthString(), end: todayString() }));
  const [range, setRange] = useState<DayRange>({ start: draft.start!, end: draft.end! });
  const { summary, lowStock, flagged, refetch } = useDashboardData(range);
  const { isAdmin } = useAuth();

  const apply = () => {
    const next = { start: draft.start ?? firstOfMonthString(), end: draft.end ?? todayString() };
    if (next.start === range.start && next.end === range.end) void refetch();
    else setRange(next);
  };

  // The queries' answers arrive as urgent (synchronous) updates; deferred, the figures and tables they
  // fill render as a transition instead, in slices that leave the page free between them (issue #17:
  // no long task). All four move together, in the same deferred render.
  const loading = useDeferredValue(summary.isFetching || lowStock.isFetching);
  const error = useDeferredValue(summary.error ?? lowStock.error);
  const data = useDeferredValue(summary.data);
  const low = useDeferredValue(lowStock.data);
  const lowProducts = low?.rows ?? [];

  return (
    <StaffPage title="Dashboard">
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end" gap="md">
          <DateRangeFilter
            start={draft.start}
            end={draft.end}
            startLabel="Fecha inicio"
            endLabel="Fecha fin"
            onStartChange={(start) => setDraft((d) => ({ ...d, start }))}
            onEndChange={(end) => setDraft((d) => ({ ...d, end }))}
          />
          <Button size="md" leftSection={<IconRefresh size={18} />} onClick={apply} loading={loading}>
            Actualizar
          </Button>
        </Group>
      </Paper>
      <FlaggedSalesNotice flagged={flagged.data} />
      {isAdmin && <BackupNotice />}
      {isAdmin && <CashDifferencesNotice />}
      {isAdmin && <MonotributoCard />}
      {error && !loading ? (
        <LoadFailed message={error.message} onRetry={() => void refetch()} offline={isNetworkError(error)} />
      ) : loading ? (
        <CenteredLoader label="Cargando estadísticas" />
      ) : (
        <Stack gap="md">
          <StatCards totalSales={data?.totalSales ?? 0} revenue={data?.totalRevenue ?? 0} profit={data ? data.totalProfit : 0} lowStock={low?.total ?? 0} />
          {data && data.totalSales > 0 && (
            <Suspense fallback={<CenteredLoader label="Cargando gráficos" />}>
              <DashboardCharts summary={data} range={range} />
            </Suspense>
          )}
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            {data && data.salesByPaymentMethod.length > 0 && <PaymentMethodsTable rows={data.salesByPaymentMethod} />}
            {data && data.topProducts.length > 0 && <TopProductsTable rows={data.topProducts} />}
          </SimpleGrid>
          {lowProducts.length > 0 && <LowStockTable products={lowProducts} />}
          {low && low.total > lowProducts.length && (
            <Text size="sm" c="dimmed">
              {`Se muestran los primeros ${lowProducts.length} de ${low.total} productos con stock bajo (por nombre).`}
            </Text>
          )}
        </Stack>
      )}
    </StaffPage>
  );
}
