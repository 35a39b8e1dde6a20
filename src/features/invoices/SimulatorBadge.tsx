import { Badge } from '@mantine/core';
import type { InvoicingStatus } from '../../api/invoices';
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

/** The invoicing mode when it is not real production: the simulator, or ARCA's homologation service. */
export function ModeBadge({ status }: { status: InvoicingStatus }) {
  if (status.simulator) return <SimulatorBadge />;
  if (!status.configured || status.environment !== 'homologacion') return null;
  return (
    <Badge size="lg" color="info" variant="light" tt="none" leftSection={<IconFlask size={16} />}>
      {status.message}
    </Badge>
  );
}
