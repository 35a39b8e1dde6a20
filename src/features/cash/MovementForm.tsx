/** A cash in or out of the open session, with its reason (retiro a caja fuerte, pago a proveedor, cambio, otro). */
import { Alert, Button, Group, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { CASH_MSG } from '../../../domain/cash-messages';
import { parseMoneyInput } from '../../../domain/money-input';
import { CASH_REASON_LABELS, CASH_REASONS, type CashReason } from '../../../domain/cash-rules';
import { addMovement } from '../../offline/cash';
import type { CashPerson } from '../../offline/cash-types';
import { useCashWrite } from './useCashWrite';

export function MovementForm({ by, onDone, onCancel }: { by: CashPerson; onDone: (message: string) => void; onCancel: () => void }) {
  const [kind, setKind] = useState<'in' | 'out'>('out');
  const [text, setText] = useState('');
  const [reason, setReason] = useState<CashReason>('retiro_caja_fuerte');
  const [note, setNote] = useState('');
  const { error, setError, busy, run, onSubmit } = useCashWrite();
  const parsed = parseMoneyInput(text);

  const submit = async () => {
    if (!parsed.ok) return setError(parsed.message);
    if (!parsed.cents) return setError('Ingresá un importe mayor que $ 0');
    if (reason === 'otro' && !note.trim()) return setError('Contá el motivo en la nota');
    const amountCents = parsed.cents;
    await run(async () => {
      await addMovement({ by, kind, amountCents, reason, note });
      onDone(CASH_MSG.movementSaved);
    });
  };

  return (
    <Stack component="form" gap="md" onSubmit={onSubmit(submit)}>
      <SegmentedControl
        size="md"
        value={kind}
        onChange={(v) => setKind(v as 'in' | 'out')}
        data={[
          { value: 'out', label: 'Retiro' },
          { value: 'in', label: 'Ingreso' },
        ]}
      />
      <TextInput size="lg" label="Importe" inputMode="decimal" autoComplete="off" data-autofocus value={text} error={parsed.ok ? null : parsed.message} onChange={(e) => setText(e.currentTarget.value)} />
      <Select
        size="lg"
        label="Motivo"
        allowDeselect={false}
        value={reason}
        onChange={(v) => v && setReason(v as CashReason)}
        data={CASH_REASONS.map((r) => ({ value: r, label: CASH_REASON_LABELS[r] }))}
        comboboxProps={{ withinPortal: true }}
      />
      <TextInput size="lg" label="Nota" autoComplete="off" maxLength={500} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
      {error && <Alert color="error" role="alert">{error}</Alert>}
      <Group grow>
        <Button variant="default" size="lg" onClick={onCancel}>
          Volver
        </Button>
        <Button type="submit" size="lg" loading={busy}>
          Registrar {kind === 'in' ? 'ingreso' : 'retiro'}
        </Button>
      </Group>
    </Stack>
  );
}
