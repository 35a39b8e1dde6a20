import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { DeleteInUseQuery } from '../../../../domain/schemas/products';
import { StaffModal } from '../../../ui/StaffModal';
import { TouchSelect } from '../../../ui/TouchSelect';
import type { Classifier } from './EntityTable';

export interface InUseNouns {
  /** "categoría" / "marca". */
  one: string;
}

interface Props {
  /** The category or brand to delete and how many products use it; null when closed. */
  target: { entity: Classifier; products: number } | null;
  /** Where the products may go: the other categories or brands. */
  others: Classifier[];
  nouns: InUseNouns;
  busy: boolean;
  onConfirm: (what: DeleteInUseQuery) => void;
  onCancel: () => void;
}

/** Deleting a category or brand in use: names how many products use it and asks what to do with them. */
export function InUseDeleteDialog({ target, others, nouns, busy, onConfirm, onCancel }: Props) {
  const [choice, setChoice] = useState<'move' | 'detach'>('move');
  const [moveTo, setMoveTo] = useState<string | null>(null);
  useEffect(() => {
    setChoice(others.length > 0 ? 'move' : 'detach');
    setMoveTo(null);
  }, [target, others.length]);
  const count = target?.products ?? 0;
  const products = count === 1 ? '1 producto' : `${count} productos`;
  const ready = choice === 'detach' || moveTo !== null;

  return (
    <StaffModal opened={target !== null} onClose={onCancel} title={`Eliminar ${nouns.one}`} size="md" zIndex={400}>
      <Stack gap="md">
        <Text>
          «{target?.entity.name}» está en uso por <strong>{products}</strong>. ¿Qué hacemos con {count === 1 ? 'él' : 'ellos'}?
        </Text>
        <Radio.Group value={choice} onChange={(value) => setChoice(value as 'move' | 'detach')} aria-label="Qué hacer con los productos">
          <Stack gap="sm">
            <Radio value="move" size="md" label={`Pasarlos a otra ${nouns.one}`} disabled={others.length === 0} />
            {choice === 'move' && (
              <TouchSelect
                label={`Nueva ${nouns.one}`}
                placeholder="Elegí una"
                data={others.map((o) => ({ value: String(o.id), label: o.name }))}
                value={moveTo}
                onChange={setMoveTo}
              />
            )}
            <Radio value="detach" size="md" label={`Dejarlos sin ${nouns.one}`} />
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" size="md" onClick={onCancel} disabled={busy}>
            Cancelar
          </Button>
          <Button
            color="error"
            size="md"
            loading={busy}
            disabled={!ready}
            onClick={() => onConfirm(choice === 'move' ? { products: 'move', moveTo: Number(moveTo) } : { products: 'detach' })}
          >
            Eliminar
          </Button>
        </Group>
      </Stack>
    </StaffModal>
  );
}
