/** "Abrir caja": who opens it (the signed-in user) and the opening float, as a total or by denomination. */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { CASH_MSG } from '../../../domain/cash-messages';
import { openSession } from '../../offline/cash';
import type { CashPerson } from '../../offline/cash-types';
import { AmountEntry, EMPTY_AMOUNT, readAmount } from './AmountEntry';

export function OpenCashForm({ by, onDone }: { by: CashPerson; onDone: (message: string) => void }) {
  const [amount, setAmount] = useState(EMPTY_AMOUNT);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const read = readAmount(amount);

  const submit = async () => {
    if (read.error || read.cents === null) return setError(read.error ?? 'Ingresá el fondo inicial (puede ser 0)');
    setBusy(true);
    try {
      await openSession({ by, floatCents: read.cents, denominations: read.denominations });
      onDone(CASH_MSG.opened);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack
      component="form"
      gap="md"
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) void submit();
      }}
    >
      <Text>
        Abre la caja: <b>{by.name}</b>
      </Text>
      <AmountEntry label="Fondo inicial" value={amount} onChange={setAmount} autoFocus />
      {error && <Alert color="error" role="alert">{error}</Alert>}
      <Button type="submit" size="lg" loading={busy}>
        Abrir caja
      </Button>
    </Stack>
  );
}
