import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { FeedbackAlert } from './FeedbackAlert';
import { StaffModal } from './StaffModal';
import { asError } from './useFeedback';

/** What `parse` makes of the typed text: the value to save, or the Spanish reason it cannot be saved. */
export type FieldCheck<T> = { ok: true; value: T } | { ok: false; message: string };

interface Props<T> {
  /** Open while not null; its change resets the field to `initial(subject)`. */
  subject: unknown;
  title: string;
  label: string;
  initial: string;
  placeholder?: string;
  inputMode?: 'text' | 'numeric';
  parse: (text: string) => FieldCheck<T>;
  /** Resolves to the server's refusal (shown above the field) or null (the caller closes the dialog). */
  onSave: (value: T) => Promise<string | null>;
  onClose: () => void;
  children?: ReactNode;
}

/**
 * A dialog that edits one text field: checked by `parse` before anything is sent (its message under the
 * field), saved through `onSave` (a refusal shown above it, the text kept), «Cancelar» and «Guardar».
 */
export function OneFieldDialog<T>({ subject, title, label, initial, placeholder, inputMode, parse, onSave, onClose, children }: Props<T>) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setText(initial);
    setError(null);
    setServerError(null);
    // Reset when another subject opens, not on every keystroke of the caller's state.
  }, [subject]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const checked = parse(text);
    if (!checked.ok) {
      setError(`${label}: ${checked.message}`);
      return;
    }
    setError(null);
    setSaving(true);
    setServerError(await onSave(checked.value));
    setSaving(false);
  };

  return (
    <StaffModal opened={subject !== null} onClose={onClose} title={title} size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FeedbackAlert feedback={asError(serverError)} onClose={() => setServerError(null)} />
          {children}
          <TextInput label={label} size="md" inputMode={inputMode} placeholder={placeholder} value={text} onChange={(e) => setText(e.currentTarget.value)} error={error} data-autofocus />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" size="md" onClick={onClose} disabled={saving}>
              Cancelar
            </Button>
            <Button type="submit" size="md" loading={saving}>
              Guardar
            </Button>
          </Group>
        </Stack>
      </form>
    </StaffModal>
  );
}

/** A zod schema's verdict on `input` as a FieldCheck of `pick(data)`. */
export function checkWith<I, O, T>(schema: { safeParse: (input: I) => { success: true; data: O } | { success: false; error: { issues: { message: string }[] } } }, input: I, pick: (data: O) => T): FieldCheck<T> {
  const parsed = schema.safeParse(input);
  return parsed.success ? { ok: true, value: pick(parsed.data) } : { ok: false, message: parsed.error.issues[0]?.message ?? 'no es válido' };
}
