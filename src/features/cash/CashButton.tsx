/**
 * The POS header's "Caja" button: shows whether this counter has an open cash session and opens the
 * Caja dialog; renders the X (open) or Z (last close) ticket for printing. It also refreshes, when the
 * server answers, the setting "Exigir caja abierta para vender" the outbox enforces offline.
 */
import { Button } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { fetchCashRequired } from '../../api/cash';
import { lastClosedSession, currentCashSession, rememberCashRequired } from '../../offline/cash';
import { rejectedCashEvents } from '../../offline/cash-outbox';
import { CashDialog } from './CashDialog';
import { CashTicket } from './CashTicket';

export function CashButton({ user, businessName }: { user: { id: number; fullName: string }; businessName: string }) {
  const [opened, setOpened] = useState(false);
  const open = useLiveQuery(currentCashSession);
  const lastClosed = useLiveQuery(lastClosedSession);
  const rejected = useLiveQuery(rejectedCashEvents) ?? [];
  const ticket = open ?? lastClosed;

  useEffect(() => {
    void fetchCashRequired().then(async (reply) => {
      if (reply.success) await rememberCashRequired(reply.data.valor === 'true');
    });
  }, []);

  return (
    <>
      <Button size="md" mih={44} variant={open ? 'light' : 'default'} leftSection={<IconCash size={20} />} onClick={() => setOpened(true)}>
        {open ? 'Caja abierta' : 'Abrir caja'}
      </Button>
      <CashDialog opened={opened} onClose={() => setOpened(false)} by={{ id: user.id, name: user.fullName }} businessName={businessName} open={open} lastClosed={lastClosed} rejected={rejected} />
      {ticket && <CashTicket session={ticket} businessName={businessName} />}
    </>
  );
}
