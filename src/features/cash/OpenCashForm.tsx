/** "Abrir caja": who opens it (the signed-in user) and the opening float, as a total or by denomination. */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { CASH_MSG } from '../../../domain/cash-messages';
import { openSession } from '../../offline/cash';
import type { CashPerson } from '../../offline/cash-types';
import { useCashWrite } from './useCashWrite';
import { AmountEntry, EMPTY_AMOUNT, readAmount } from './AmountEntry';

export function OpenCashForm({ by, onDone }: { by: CashPerson; onDone: (message: string) => void }) {
  const [amount, setAmount] = useState(EMPTY_AMOUNT);
  const { error, setError, busy, run, onSubmit } = useCashWrite();
  const read = readAmount(amount);

  const submit = async () => {
    if (read.error || read.cents === null) return setError(read.error ?? 'Ingresá el fondo inicial (puede ser 0)');
    const floatCents = read.cents;
    await run(async () => {
      await openSession({ by, floatCents, denominations: read.denominations });
      onDone(CASH_MSG.opened);
    });
  };

  return (
    <Stack component="form" gap="md" onSubmit={onSubmit(submit)}>
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
