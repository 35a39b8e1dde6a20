import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { ContactStats } from '../../api/messages';

function Stat({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={24} fw={600}>
        {value ?? '—'}
      </Text>
    </Paper>
  );
}

/** Total, nuevos, leídos, respondidos, hoy, esta semana. */
export function MessageStats({ stats }: { stats: ContactStats | undefined }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
      <Stat label="Total" value={stats?.total} />
      <Stat label="Nuevos" value={stats?.por_estado.nuevos} />
      <Stat label="Leídos" value={stats?.por_estado.leidos} />
      <Stat label="Respondidos" value={stats?.por_estado.respondidos} />
      <Stat label="Hoy" value={stats?.recientes.hoy} />
      <Stat label="Esta semana" value={stats?.recientes.esta_semana} />
    </SimpleGrid>
  );
}
