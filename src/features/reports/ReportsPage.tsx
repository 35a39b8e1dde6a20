/**
 * Reportes (issue #15 item 6, admin): for a range of days (first of the month to today by default,
 * applied with "Ver reporte"), the total and count, sales per day with days without sales at zero and
 * per hour as charts, and tables by category, by seller, by hour and margin per product. An end before
 * the start is refused here in Spanish (and by the server); a failed load shows the error, never zeros.
 */
import { Button, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { fetchSalesReport } from '../../api/reports';
import { unwrap } from '../../api/unwrap';
import { CenteredLoader } from '../../ui/CenteredLoader';
import { firstOfMonthString, todayString } from '../../ui/dates';
import { DateRangeFilter } from '../../ui/DateRangeFilter';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { LoadFailed } from '../../ui/LoadFailed';
import { Money } from '../../ui/Money';
import { StaffPage } from '../../ui/StaffPage';
import { reportKeys } from './queries';
import { ReportTables } from './ReportTables';

const ReportCharts = lazy(() => import('./ReportCharts'));
export const END_BEFORE_START = 'La fecha hasta no puede ser anterior a la fecha desde';

export default function ReportsPage() {
  const [draft, setDraft] = useState<{ startDate: string | null; endDate: string | null }>(() => ({ startDate: firstOfMonthString(), endDate: todayString() }));
  const [applied, setApplied] = useState({ startDate: firstOfMonthString(), endDate: todayString() });
  const [invalid, setInvalid] = useState<string | null>(null);
  const report = useQuery({ queryKey: reportKeys.sales(applied), queryFn: () => unwrap(fetchSalesReport(applied)), placeholderData: keepPreviousData });

  const apply = () => {
    const startDate = draft.startDate ?? firstOfMonthString();
    const endDate = draft.endDate ?? todayString();
    if (endDate < startDate) return setInvalid(END_BEFORE_START);
    setInvalid(null);
    setApplied({ startDate, endDate });
    if (startDate === applied.startDate && endDate === applied.endDate) void report.refetch();
  };

  const data = report.data;
  const total = data?.daily.reduce((sum, d) => sum + d.total, 0) ?? 0;
  const count = data?.daily.reduce((sum, d) => sum + d.count, 0) ?? 0;
  return (
    <StaffPage title="Reportes">
      <Group align="flex-end" gap="md">
        <DateRangeFilter start={draft.startDate} end={draft.endDate} onStartChange={(startDate) => setDraft({ ...draft, startDate })} onEndChange={(endDate) => setDraft({ ...draft, endDate })} />
        <Button size="md" leftSection={<IconChartBar size={18} />} onClick={apply} loading={report.isFetching && !report.isPending}>
          Ver reporte
        </Button>
      </Group>
      <ErrorAlert message={invalid} onClose={() => setInvalid(null)} />
      {report.isError ? (
        <LoadFailed message={report.error.message} onRetry={() => void report.refetch()} retrying={report.isFetching} />
      ) : report.isPending || !data ? (
        <CenteredLoader label="Cargando reportes" />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Paper withBorder p="md" radius="md" role="group" aria-label="Total del período">
              <Text c="dimmed" size="sm">
                Cobrado en el período (neto de devoluciones y reembolsos)
              </Text>
              <Text size="xl" fw={700} data-testid="report-total">
                <Money value={total} />
              </Text>
            </Paper>
            <Paper withBorder p="md" radius="md" role="group" aria-label="Ventas del período">
              <Text c="dimmed" size="sm">
                Ventas cobradas
              </Text>
              <Text size="xl" fw={700} data-testid="report-count">
                {count}
              </Text>
            </Paper>
            <Paper withBorder p="md" radius="md" role="group" aria-label="Días del período">
              <Text c="dimmed" size="sm">
                Días del período
              </Text>
              <Text size="xl" fw={700}>
                {data.daily.length}
              </Text>
            </Paper>
          </SimpleGrid>
          <Suspense fallback={<CenteredLoader label="Cargando gráficos" />}>
            <ReportCharts report={data} />
          </Suspense>
          <ReportTables report={data} />
        </>
      )}
    </StaffPage>
  );
}
