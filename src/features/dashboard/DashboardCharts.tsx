/**
 * Sales per day (every day of the range, the days without sales at zero) and per payment method. Loaded lazily (React.lazy) so recharts and @mantine/charts
 * stay out of the dashboard's first paint and out of every public page.
 */
import '@mantine/charts/styles.css';
import { AreaChart, DonutChart } from '@mantine/charts';
import { Grid, Paper, Title } from '@mantine/core';
import type { SalesSummary } from '../../api/sales';
import { formatMoney } from '../../../domain/money';
import { daysBetween } from '../../../domain/time';
import { paymentMethodLabel } from '../../ui/sale-labels';

/** One colour per method, the same whatever the order of the data. */
const METHOD_COLORS: Record<string, string> = { efectivo: 'success', tarjeta: 'primary', transferencia: 'warning', mercadopago: 'info' };
const compact = new Intl.NumberFormat('es-AR', { notation: 'compact', maximumFractionDigits: 1 });
const dayLabel = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/** Longest range drawn day by day with its zero days (ten years); beyond it only the days with sales. */
const MAX_FILLED_DAYS = 3660;

/** Every day of [start, end] (local days of the shop, YYYY-MM-DD), a day without sales at 0. */
export function salesByEveryDay(salesByDay: SalesSummary['salesByDay'], range: { start: string; end: string }): { date: string; total: number }[] {
  const days = daysBetween(range.start, range.end);
  if (days.length === 0 || days.length > MAX_FILLED_DAYS) return salesByDay;
  const totals = new Map(salesByDay.map((d) => [d.date, d.total]));
  return days.map((date) => ({ date, total: totals.get(date) ?? 0 }));
}

export default function DashboardCharts({ summary, range }: { summary: SalesSummary; range: { start: string; end: string } }) {
  const byDay = salesByEveryDay(summary.salesByDay, range).map((d) => ({ dia: dayLabel(d.date), total: d.total }));
  const byMethod = summary.salesByPaymentMethod.map((m) => ({
    name: paymentMethodLabel(m.paymentMethod),
    value: m.total,
    color: METHOD_COLORS[m.paymentMethod] ?? 'secondary',
  }));
  return (
    <Grid>
      <Grid.Col span={{ base: 12, lg: 8 }}>
      <Paper withBorder p="md" radius="md" h="100%" aria-label="Ventas por día">
        <Title order={3} size="h4" mb="sm">
          Ventas por día
        </Title>
        <AreaChart
          h={260}
          data={byDay}
          dataKey="dia"
          series={[{ name: 'total', label: 'Total', color: 'primary' }]}
          curveType="monotone"
          valueFormatter={formatMoney}
          yAxisProps={{ width: 70, tickFormatter: (v: number) => `$ ${compact.format(v)}` }}
          withDots={byDay.length < 2}
        />
      </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
      <Paper withBorder p="md" radius="md" h="100%" aria-label="Facturación por método de pago">
        <Title order={3} size="h4" mb="sm">
          Facturación por método
        </Title>
        <DonutChart data={byMethod} withLabelsLine={false} withLegend valueFormatter={formatMoney} mx="auto" h={260} />
      </Paper>
      </Grid.Col>
    </Grid>
  );
}
