import { Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCash, IconReceipt, IconTrendingUp, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Money } from '../../ui/Money';

function StatCard({ label, value, hint, icon: CardIcon, color }: { label: string; value: ReactNode; hint?: string; icon: Icon; color: string }) {
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label={label}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <Text fz={26} fw={600} mt={4}>
            {value}
          </Text>
          {hint && (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          )}
        </div>
        <ThemeIcon color={color} variant="light" size={44} radius="md">
          <CardIcon size={26} />
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

/**
 * Total Ventas, Facturación, Ganancias and Stock Bajo, over the sales that are revenue (domain/revenue.ts:
 * paid, not refunded, net of returns; a pending Mercado Pago sale is not money in yet), each card saying
 * so. Ganancias is absent (undefined) for a seller who may not see costs.
 */
export function StatCards({ totalSales, revenue, profit, lowStock }: { totalSales: number; revenue: number; profit: number | undefined; lowStock: number }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
      <StatCard label="Total Ventas" value={totalSales} hint="Cobradas (sin pendientes, canceladas ni reembolsadas)" icon={IconReceipt} color="primary" />
      <StatCard label="Facturación" value={<Money value={revenue} />} hint="Cobrado, neto de devoluciones y reembolsos" icon={IconCash} color="info" />
      <StatCard
        label="Ganancias"
        hint="Facturación menos el costo de lo vendido"
        value={profit === undefined ? <Text span fz="sm" c="dimmed">Solo con permiso para ver costos</Text> : <Money value={profit} />}
        icon={IconTrendingUp}
        color="success"
      />
      <StatCard label="Stock Bajo" value={lowStock} icon={IconAlertTriangle} color="warning" />
    </SimpleGrid>
  );
}
