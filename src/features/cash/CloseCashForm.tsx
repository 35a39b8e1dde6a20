/**
 * "Cerrar caja": the cashier counts the drawer (total or by denomination) and may confirm the card,
 * transfer and Mercado Pago totals; the screen shows expected vs counted and the difference, and a
 * difference requires a comment before the close (the Z) is written.
 */
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { CASH_MSG } from '../../../domain/cash-messages';
import { cashDifference, needsComment } from '../../../domain/cash-rules';
import { formatCents } from '../../../domain/money';
import { parseMoneyInput } from '../../../domain/money-input';
import { closeSession, deviceExpectedCents } from '../../offline/cash';
import type { CashPerson, LocalCashSession } from '../../offline/cash-types';
import { useCashWrite } from './useCashWrite';
import { AmountEntry, EMPTY_AMOUNT, readAmount } from './AmountEntry';

const DECLARED = [
  { key: 'tarjeta', label: 'Tarjeta' },
  { key: 'transferencia', label: 'Transferencias' },
  { key: 'mercadopago', label: 'Mercado Pago' },
] as const;
type DeclaredKey = (typeof DECLARED)[number]['key'];

interface Props {
  session: LocalCashSession;
  by: CashPerson;
  onClosed: (session: LocalCashSession) => void;
  onCancel: () => void;
}

export function CloseCashForm({ session, by, onClosed, onCancel }: Props) {
  const [amount, setAmount] = useState(EMPTY_AMOUNT);
  const [comment, setComment] = useState('');
  const [declared, setDeclared] = useState<Record<DeclaredKey, string>>({ tarjeta: '', transferencia: '', mercadopago: '' });
  const { error, setError, busy, run, onSubmit } = useCashWrite();
  const read = readAmount(amount);
  const expectedCents = deviceExpectedCents(session);
  const differenceCents = read.cents === null ? null : cashDifference(read.cents, expectedCents);
  const declaredParsed = Object.fromEntries(DECLARED.map(({ key }) => [key, parseMoneyInput(declared[key])])) as Record<DeclaredKey, ReturnType<typeof parseMoneyInput>>;

  const submit = async () => {
    if (read.error || read.cents === null) return setError(read.error ?? 'Ingresá el efectivo contado');
    const bad = DECLARED.find(({ key }) => !declaredParsed[key].ok);
    if (bad) return setError(`${bad.label}: ${(declaredParsed[bad.key] as { message: string }).message}`);
    if (differenceCents !== null && needsComment(differenceCents, comment)) return setError(CASH_MSG.commentRequired);
    const cents = (key: DeclaredKey) => {
      const parsed = declaredParsed[key];
      return parsed.ok ? parsed.cents : null;
    };
    const anyDeclared = DECLARED.some(({ key }) => cents(key) !== null);
    const countedCents = read.cents;
    await run(async () => {
      const closed = await closeSession({
        by,
        countedCents,
        denominations: read.denominations,
        comment,
        declared: anyDeclared ? { tarjeta: cents('tarjeta'), transferencia: cents('transferencia'), mercadopago: cents('mercadopago') } : null,
      });
      onClosed(closed);
    });
  };

  return (
    <Stack
      component="form"
      gap="md"
      onSubmit={onSubmit(submit)}
    >
      <AmountEntry label="Efectivo contado" value={amount} onChange={setAmount} autoFocus />
      <Paper withBorder p="sm" radius="md">
        <SimpleGrid cols={3}>
          <div>
            <Text size="sm" c="dimmed">Esperado</Text>
            <Text fw={700} data-testid="cash-expected">{formatCents(expectedCents)}</Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">Contado</Text>
            <Text fw={700}>{read.cents === null ? '—' : formatCents(read.cents)}</Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">Diferencia</Text>
            <Text fw={700} data-testid="cash-difference">
              {differenceCents === null ? '—' : formatCents(differenceCents)}
            </Text>
            <Text size="sm">
              {differenceCents ? (differenceCents < 0 ? 'Faltante' : 'Sobrante') : ''}
            </Text>
          </div>
        </SimpleGrid>
      </Paper>
      <Textarea
        size="md"
        label="Comentario"
        description={differenceCents ? 'Obligatorio: hay diferencia entre lo esperado y lo contado' : 'Opcional'}
        withAsterisk={Boolean(differenceCents)}
        maxLength={1000}
        autosize
        minRows={2}
        value={comment}
        onChange={(e) => setComment(e.currentTarget.value)}
      />
      <Text fw={500}>Confirmar otros medios (opcional)</Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {DECLARED.map(({ key, label }) => (
          <TextInput
            key={key}
            size="md"
            label={label}
            inputMode="decimal"
            autoComplete="off"
            description={key === 'mercadopago' ? undefined : `Registrado: ${formatCents(session.sales[key].totalCents)}`}
            value={declared[key]}
            error={declaredParsed[key].ok ? null : (declaredParsed[key] as { message: string }).message}
            onChange={(e) => setDeclared({ ...declared, [key]: e.currentTarget.value })}
          />
        ))}
      </SimpleGrid>
      {error && <Alert color="error" role="alert">{error}</Alert>}
      <Group grow>
        <Button variant="default" size="lg" onClick={onCancel}>
          Volver
        </Button>
        <Button type="submit" size="lg" loading={busy}>
          Cerrar caja
        </Button>
      </Group>
    </Stack>
  );
}
