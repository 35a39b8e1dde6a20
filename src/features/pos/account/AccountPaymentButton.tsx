/**
 * The POS header's «Cobro a cuenta» button (issue #33.4): opens the dialog (its own lazy chunk) and keeps
 * the last payment's receipt rendered for printing.
 */
import { Button } from '@mantine/core';
import { IconReceipt2 } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { AccountPaymentEntry } from '../../../offline/account-types';
import { AccountReceipt } from './AccountReceipt';

const AccountPaymentDialog = lazy(() => import('./AccountPaymentDialog').then((m) => ({ default: m.AccountPaymentDialog })));

export function AccountPaymentButton({ seller, businessName }: { seller: { id: number; name: string }; businessName: string }) {
  const [opened, setOpened] = useState(false);
  // Loaded on the first click, then kept (its closing transition and reset run as usual).
  const [wanted, setWanted] = useState(false);
  const [last, setLast] = useState<AccountPaymentEntry | null>(null);
  return (
    <>
      <Button size="md" mih={44} variant="default" leftSection={<IconReceipt2 size={20} />} onClick={() => (setWanted(true), setOpened(true))}>
        Cobro a cuenta
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <AccountPaymentDialog opened={opened} onClose={() => setOpened(false)} seller={seller} onTaken={setLast} />
        </Suspense>
      )}
      {last && <AccountReceipt entry={last} businessName={businessName} />}
    </>
  );
}
