import { Button, Group, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { brandCreateBody, categoryCreateBody } from '../../../../domain/schemas/products';
import { FeedbackAlert } from '../../../ui/FeedbackAlert';
import { checkWithSchema, type FieldErrors } from '../../../ui/schema-form';
import { asError } from '../../../ui/useFeedback';
import { StaffModal } from '../../../ui/StaffModal';
import type { Classifier } from './EntityTable';

export interface EntityValues {
  name: string;
  description: string | null;
  /** Categories only: the display order (integer). */
  order?: number;
  isActive: boolean;
}

export interface EntityDialogProps<T extends Classifier & { order?: number }> {
  opened: boolean;
  title: string;
  entity: T | null;
  withOrder: boolean;
  onClose: () => void;
  /** Saves and resolves to an error message, or null on success. */
  onSave: (values: EntityValues) => Promise<string | null>;
}

const SUBJECTS = { name: 'El nombre', order: 'El orden' };

/**
 * Category dialog (name*, description, order) and brand dialog (name*, description), plus "Activa";
 * checked with the server's categoryCreateBody / brandCreateBody.
 */
export function EntityDialog<T extends Classifier & { order?: number }>({ opened, title, entity, withOrder, onClose, onSave }: EntityDialogProps<T>) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [order, setOrder] = useState('0');
  const [isActive, setIsActive] = useState(true);
  const [errors, setErrors] = useState<FieldErrors<keyof typeof SUBJECTS>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setName(entity?.name ?? '');
    setDescription(entity?.description ?? '');
    setOrder(String(entity?.order ?? 0));
    setIsActive(entity?.isActive ?? true);
    setErrors({});
    setServerError(null);
  }, [opened, entity]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    // A blank order is the default (0).
    const input = { name, description, order: order.trim() || undefined };
    const checked = withOrder ? checkWithSchema(categoryCreateBody, input, SUBJECTS) : checkWithSchema(brandCreateBody, input, SUBJECTS);
    setErrors(checked.errors ?? {});
    setServerError(checked.errors?.form ?? null);
    if (checked.data === null) return;
    setSaving(true);
    const error = await onSave({ ...checked.data, isActive });
    setSaving(false);
    setServerError(error);
  };

  return (
    <StaffModal opened={opened} onClose={onClose} title={title} size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FeedbackAlert feedback={asError(serverError)} onClose={() => setServerError(null)} />
          <TextInput label="Nombre" required size="md" value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} data-autofocus />
          <Textarea label="Descripción" size="md" autosize minRows={2} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
          {withOrder && <TextInput label="Orden" size="md" inputMode="numeric" value={order} onChange={(e) => setOrder(e.currentTarget.value)} error={errors.order} />}
          {entity && <Switch size="md" label="Activa" checked={isActive} onChange={(e) => setIsActive(e.currentTarget.checked)} />}
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
