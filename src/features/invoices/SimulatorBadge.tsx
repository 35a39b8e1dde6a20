import { Badge } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { MSG } from '../../../domain/messages';

/** "Simulador ARCA — sin validez fiscal": every screen that shows a simulated invoice or mode says so. */
export function SimulatorBadge() {
  return (
    <Badge size="lg" color="warning" variant="light" tt="none" leftSection={<IconFlask size={16} />}>
      {MSG.arcaSimulatorLabel}
    </Badge>
  );
}
