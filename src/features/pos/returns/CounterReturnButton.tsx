/**
 * The POS header's «Devolución» button (issue #35 item 6): opens the counter's return dialog (its own lazy
 * chunk, loaded on the first click). Returns need the server: offline the button is disabled and says why.
 */
import { Button, Stack, Text } from '@mantine/core';
import { IconReceiptRefund } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { COUNTER_RETURN_MSG } from './counter-return-messages';
import type { SlipBusiness } from './slip-input';

const CounterReturnDialog = lazy(() => import('./CounterReturnDialog').then((m) => ({ default: m.CounterReturnDialog })));

export function CounterReturnButton({ online, isAdmin, business }: { online: boolean; isAdmin: boolean; business: SlipBusiness }) {
  const [opened, setOpened] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Stack gap={2} align="flex-start">
        <Button
          size="md"
          mih={44}
          variant="default"
          leftSection={<IconReceiptRefund size={20} />}
          disabled={!online}
          aria-describedby={online ? undefined : 'counter-return-offline'}
          onClick={() => (setWanted(true), setOpened(true))}
        >
          Devolución
        </Button>
        {!online && (
          <Text id="counter-return-offline" size="xs" c="dimmed" maw={220}>
            {COUNTER_RETURN_MSG.offlineShort}
          </Text>
        )}
      </Stack>
      {wanted && (
        <Suspense fallback={null}>
          <CounterReturnDialog opened={opened} onClose={() => setOpened(false)} online={online} isAdmin={isAdmin} business={business} />
        </Suspense>
      )}
    </>
  );
}
