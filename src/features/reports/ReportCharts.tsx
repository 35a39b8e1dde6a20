/**
 * The report's charts: sales per day (every day of the range, days without sales at zero) and per hour
 * of the day. Loaded lazily so recharts stays out of the other screens.
 */
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Grid, Paper, Title } from '@mantine/core';
import { formatMoney } from '../../../domain/money';
import type { SalesReport } from '../../api/reports';

const compact = new Intl.NumberFormat('es-AR', { notation: 'compact', maximumFractionDigits: 1 });
const dayLabel = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;
const yAxisProps = { width: 70, tickFormatter: (v: number) => `$ ${compact.format(v)}` };

export default function ReportCharts({ report }: { report: SalesReport }) {
  const daily = report.daily.map((d) => ({ dia: dayLabel(d.date), total: d.total }));
  const hourly = report.byHour.map((h) => ({ hora: `${String(h.hour).padStart(2, '0')} h`, total: h.total }));
  return (
    <Grid>
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Paper withBorder p="md" radius="md" h="100%" aria-label="Gráfico de ventas por día">
          <Title order={3} size="h4" mb="sm">
            Ventas por día
          </Title>
          <BarChart h={240} data={daily} dataKey="dia" series={[{ name: 'total', label: 'Total', color: 'primary' }]} valueFormatter={formatMoney} yAxisProps={yAxisProps} />
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Paper withBorder p="md" radius="md" h="100%" aria-label="Gráfico de ventas por hora del día">
          <Title order={3} size="h4" mb="sm">
            Ventas por hora del día
          </Title>
          <BarChart h={240} data={hourly} dataKey="hora" series={[{ name: 'total', label: 'Total', color: 'secondary' }]} valueFormatter={formatMoney} yAxisProps={yAxisProps} />
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
