/** An amount typed as a total (es-AR, parseMoneyInput) or counted by denomination; reports cents or the reason it is unreadable. */
import { SegmentedControl, Stack, TextInput } from '@mantine/core';
import type { DenominationCount } from '../../../domain/cash-rules';
import { parseMoneyInput } from '../../../domain/money-input';
import { countTotal, DenominationCounter } from './DenominationCounter';

export interface AmountValue {
  mode: 'total' | 'denominations';
  text: string;
  counts: DenominationCount;
}

export const EMPTY_AMOUNT: AmountValue = { mode: 'total', text: '', counts: {} };

/** The amount in cents (null: nothing typed) or a Spanish error. */
export function readAmount(value: AmountValue): { cents: number | null; error: string | null; denominations: DenominationCount | null } {
  if (value.mode === 'denominations') return { cents: countTotal(value.counts), error: null, denominations: value.counts };
  const parsed = parseMoneyInput(value.text);
  return parsed.ok ? { cents: parsed.cents, error: null, denominations: null } : { cents: null, error: parsed.message, denominations: null };
}

export function AmountEntry({ label, value, onChange, autoFocus }: { label: string; value: AmountValue; onChange: (next: AmountValue) => void; autoFocus?: boolean }) {
  const { error } = readAmount(value);
  return (
    <Stack gap="xs">
      <SegmentedControl
        size="md"
        value={value.mode}
        onChange={(mode) => onChange({ ...value, mode: mode as AmountValue['mode'] })}
        data={[
          { value: 'total', label: 'Total' },
          { value: 'denominations', label: 'Por billetes y monedas' },
        ]}
      />
      {value.mode === 'total' ? (
        <TextInput
          size="lg"
          label={label}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0,00"
          data-autofocus={autoFocus || undefined}
          value={value.text}
          error={error}
          onChange={(e) => onChange({ ...value, text: e.currentTarget.value })}
        />
      ) : (
        <DenominationCounter value={value.counts} onChange={(counts) => onChange({ ...value, counts })} />
      )}
    </Stack>
  );
}
