/**
 * Sales per day and per payment method. Loaded lazily (React.lazy) so recharts and @mantine/charts
 * stay out of the dashboard's first paint and out of every public page.
 */
import '@mantine/charts/styles.css';
import { AreaChart, DonutChart } from '@mantine/charts';
import { Grid, Paper, Title } from '@mantine/core';
import type { SalesSummary } from '../../api/sales';
import { formatMoney } from '../../../domain/money';
import { paymentMethodLabel } from '../../ui/sale-labels';

/** One colour per method, the same whatever the order of the data. */
const METHOD_COLORS: Record<string, string> = { efectivo: 'success', tarjeta: 'primary', transferencia: 'warning', mercadopago: 'info' };
const compact = new Intl.NumberFormat('es-AR', { notation: 'compact', maximumFractionDigits: 1 });
const dayLabel = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

export default function DashboardCharts({ summary }: { summary: SalesSummary }) {
  const byDay = summary.salesByDay.map((d) => ({ dia: dayLabel(d.date), total: d.total }));
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
