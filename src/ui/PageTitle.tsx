import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The title row of a staff screen, with optional actions on the right. */
export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" mb="lg" wrap="wrap">
      <Title order={2}>{children}</Title>
      {actions}
    </Group>
  );
}
