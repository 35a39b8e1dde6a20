/**
 * The submit side of the cash forms: one device write at a time (`busy`), a failed write shown in Spanish
 * (`error`, nothing lost: the form keeps what was typed), and the form's submit handler that ignores a
 * second Enter while a write runs.
 */
import { useState, type FormEvent } from 'react';

export function useCashWrite() {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const run = async (write: () => Promise<void>): Promise<void> => {
    setBusy(true);
    try {
      await write();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (submit: () => Promise<void>) => (e: FormEvent) => {
    e.preventDefault();
    if (!busy) void submit();
  };

  return { error, setError, busy, run, onSubmit };
}
