/**
 * The counter's "Caja" dialog: open the session, or — while one is open — its X figures, cash in/out,
 * print the X, and close with a count; after the close, its Z (printable; on a network printer it prints
 * by itself: useCashPrinting.ts). Everything is written to the device first (offline/cash.ts) and
 * delivered by the sync engine.
 */
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { CASH_MSG } from '../../../domain/cash-messages';
import { formatCents } from '../../../domain/money';
import type { CashOutboxEntry, CashPerson, LocalCashSession } from '../../offline/cash-types';
import { StaffModal } from '../../ui/StaffModal';
import { success } from '../pos/notify';
import { CashSummary } from './CashSummary';
import { CloseCashForm } from './CloseCashForm';
import { MovementForm } from './MovementForm';
import { OpenCashForm } from './OpenCashForm';
import { useCashPrinting } from './useCashPrinting';

interface Props {
  opened: boolean;
  onClose: () => void;
  by: CashPerson;
  businessName: string;
  open: LocalCashSession | undefined;
  lastClosed: LocalCashSession | undefined;
  /** Events the server refused for good: shown, never silently dropped. */
  rejected: CashOutboxEntry[];
}

const EVENT_LABELS = { open: 'Apertura', movement: 'Movimiento', close: 'Cierre', drawer_open: 'Apertura de cajón' } as const;

function RejectedEvents({ rejected }: { rejected: CashOutboxEntry[] }) {
  if (!rejected.length) return null;
  return (
    <Alert color="error" role="alert" title="El servidor rechazó movimientos de caja">
      <List size="sm">
        {rejected.map((entry) => (
          <List.Item key={entry.eventId}>
            {EVENT_LABELS[entry.event.type]}: {entry.lastError}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

function ZSummary({ session }: { session: LocalCashSession }) {
  return (
    <Stack gap={4}>
      <Text fw={700}>{session.zNumber ? `Cierre Z N° ${session.zNumber}` : 'Último cierre (Z pendiente de sincronizar)'}</Text>
      <Text>Esperado: {formatCents(session.expectedCents ?? 0)}</Text>
      <Text>Contado: {formatCents(session.countedCents ?? 0)}</Text>
      <Text fw={700} data-testid="cash-z-difference">
        Diferencia: {formatCents(session.differenceCents ?? 0)}
      </Text>
      {session.comment && <Text>Comentario: {session.comment}</Text>}
    </Stack>
  );
}

export function CashDialog({ opened, onClose, by, businessName, open, lastClosed, rejected }: Props) {
  const [view, setView] = useState<'summary' | 'movement' | 'close'>('summary');
  const printing = useCashPrinting(businessName);
  const done = (message: string) => {
    setView('summary');
    success(message);
  };
  const title = open ? (view === 'movement' ? 'Ingreso o retiro de efectivo' : view === 'close' ? 'Cerrar caja' : 'Caja abierta') : 'Abrir caja';

  return (
    <StaffModal opened={opened} onClose={onClose} title={title} size="lg" onExitTransitionEnd={() => setView('summary')}>
      <RejectedEvents rejected={rejected} />
      {!open ? (
        <Stack gap="lg">
          <OpenCashForm
            by={by}
            onDone={(message) => {
              onClose();
              success(message);
            }}
          />
          {lastClosed && (
            <Stack gap="xs">
              <ZSummary session={lastClosed} />
              <Button variant="light" size="lg" loading={printing.printing} onClick={() => printing.print(lastClosed)}>
                Imprimir Z
              </Button>
            </Stack>
          )}
        </Stack>
      ) : view === 'movement' ? (
        <MovementForm by={by} onDone={done} onCancel={() => setView('summary')} />
      ) : view === 'close' ? (
        <CloseCashForm session={open} by={by} onCancel={() => setView('summary')} onClosed={(closed) => {
            done(CASH_MSG.closed);
            void printing.closed(closed);
          }} />
      ) : (
        <Stack gap="md">
          <CashSummary session={open} />
          <Group grow>
            <Button size="lg" variant="light" onClick={() => setView('movement')}>
              Ingreso / Retiro
            </Button>
            <Button size="lg" variant="light" loading={printing.printing} onClick={() => printing.print(open)}>
              Imprimir X
            </Button>
          </Group>
          <Button size="lg" variant="light" color="error" onClick={() => setView('close')}>
            Cerrar caja
          </Button>
        </Stack>
      )}
    </StaffModal>
  );
}
