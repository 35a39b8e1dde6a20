import { Group, Stack, Text, TextInput } from '@mantine/core';
import { formatCents } from '../../../../domain/money';
import { parseMoneyInput } from '../../../../domain/money-input';

/** "Paga con" → the change to give back, or why it cannot be computed (not enough, or unreadable). */
function cashChange(paidText: string, totalCents: number): { changeCents: number | null; error: string | null; short: string | null } {
  const paid = parseMoneyInput(paidText);
  if (!paid.ok) return { changeCents: null, error: paid.message, short: null };
  if (paid.cents === null) return { changeCents: null, error: null, short: null };
  if (paid.cents < totalCents) return { changeCents: null, error: null, short: `Faltan ${formatCents(totalCents - paid.cents)}` };
  return { changeCents: paid.cents - totalCents, error: null, short: null };
}

/** Cash: "Paga con" and the "Vuelto" in large type (not stored; the cashier's help to give change). */
export function CashChange({ paidWith, onChange, totalCents }: { paidWith: string; onChange: (text: string) => void; totalCents: number }) {
  const { changeCents, error, short } = cashChange(paidWith, totalCents);
  return (
    <Group grow align="center">
      <TextInput
        size="lg"
        label="Paga con"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0"
        value={paidWith}
        onChange={(event) => onChange(event.currentTarget.value)}
        description={short}
        error={error}
      />
      <Stack gap={0} align="flex-end">
        <Text size="lg">Vuelto</Text>
        <Text fz={36} fw={700} lh={1.1} data-testid="checkout-change">
          {changeCents === null ? '—' : formatCents(changeCents)}
        </Text>
      </Stack>
    </Group>
  );
}
