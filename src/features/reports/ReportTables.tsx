/** The report's tables: by category, by seller, by hour (hours with sales) and margin per product. */
import { Grid, Paper, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SalesReport } from '../../api/reports';
import { Money } from '../../ui/Money';

const decimal = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 });

function Section({ title, headers, rows, empty }: { title: string; headers: string[]; rows: ReactNode[][]; empty: string }) {
  return (
    <Paper withBorder p="md" radius="md" h="100%">
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table striped verticalSpacing={4} aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                {headers.map((h, i) => (
                  <Table.Th key={h} ta={i === 0 ? 'left' : 'right'}>
                    {h}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((cells, r) => (
                <Table.Tr key={r}>
                  {cells.map((cell, i) => (
                    <Table.Td key={i} ta={i === 0 ? 'left' : 'right'}>
                      {cell}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

const marginShare = (revenue: number, cost: number) => (revenue > 0 ? `${decimal.format(((revenue - cost) / revenue) * 100)} %` : '—');

export function ReportTables({ report }: { report: SalesReport }) {
  const none = 'Sin ventas en el período';
  return (
    <Grid>
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Section
          title="Ventas por categoría"
          headers={['Categoría', 'Unidades', 'Ventas', 'Margen']}
          rows={report.byCategory.map((c) => [c.categoryName, c.quantity, <Money key="v" value={c.revenue} />, <Money key="m" value={c.revenue - c.cost} />])}
          empty={none}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Section
          title="Ventas por vendedor"
          headers={['Vendedor', 'Ventas', 'Total']}
          rows={report.bySeller.map((s) => [s.fullName, s.count, <Money key="t" value={s.total} />])}
          empty={none}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Section
          title="Margen por producto"
          headers={['Producto', 'Unidades', 'Ventas', 'Costo', 'Margen', '%']}
          rows={report.marginByProduct.map((p) => [
            p.productName,
            p.quantity,
            <Money key="v" value={p.revenue} />,
            <Money key="c" value={p.cost} />,
            <Money key="m" value={p.margin} />,
            marginShare(p.revenue, p.cost),
          ])}
          empty={none}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Section
          title="Ventas por hora del día"
          headers={['Hora', 'Ventas', 'Total']}
          rows={report.byHour.filter((h) => h.count > 0).map((h) => [`${String(h.hour).padStart(2, '0')}:00 a ${String(h.hour).padStart(2, '0')}:59`, h.count, <Money key="t" value={h.total} />])}
          empty={none}
        />
      </Grid.Col>
    </Grid>
  );
}
