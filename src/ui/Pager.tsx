import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

/** "Anterior" / "Página X de Y" / "Siguiente"; renders nothing with a single page. */
export function Pager({ page, totalPages, onChange }: { page: number; totalPages: number; onChange: (page: number) => void }) {
  if (totalPages <= 1) return null;
  return (
    <Group justify="center" gap="md">
      <Button variant="default" h={44} leftSection={<IconChevronLeft size={18} />} disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Anterior
      </Button>
      <Text aria-live="polite">
        Página {page} de {totalPages}
      </Text>
      <Button variant="default" h={44} rightSection={<IconChevronRight size={18} />} disabled={page >= totalPages} onClick={() => onChange(page + 1)}>
        Siguiente
      </Button>
    </Group>
  );
}
