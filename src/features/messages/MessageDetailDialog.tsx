import { Button, Divider, Group, Stack, Text, Textarea } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CONTACT_STATUSES, type ContactStatus } from '../../../domain/constants';
import { fetchMessage, updateMessage } from '../../api/messages';
import { unwrap } from '../../api/unwrap';
import { CenteredLoader } from '../../ui/CenteredLoader';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { FeedbackAlert } from '../../ui/FeedbackAlert';
import { StaffModal } from '../../ui/StaffModal';
import { useFeedback } from '../../ui/useFeedback';
import { MESSAGE_STATUS } from './message-labels';
import { MessageDetailBody } from './MessageDetailBody';
import { messageKeys } from './queries';

/**
 * A message's detail. Opening it marks a new message as read and reloads the list and stats (docs/spec.md §4);
 * the status buttons (the current one disabled) send the internal notes with the change.
 */
export function MessageDetailDialog({ messageId, onClose }: { messageId: number | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [notes, setNotes] = useState('');
  const [saving, setSaving] = useState(false);
  const { feedback, report, clear } = useFeedback();
  const message = useQuery({
    queryKey: messageKeys.detail(messageId),
    enabled: messageId !== null,
    queryFn: async () => {
      const found = await unwrap(fetchMessage(messageId!));
      const opened = found.status === 'nuevo' ? await updateMessage(found.id, { status: 'leido' }) : null;
      void queryClient.invalidateQueries({ queryKey: messageKeys.all });
      return opened?.success ? opened.data : found;
    },
  });
  const current = message.data;

  useEffect(() => {
    if (current) setNotes(current.notes ?? '');
  }, [current]);

  const close = () => {
    clear();
    onClose();
  };

  const save = async (change: { status?: ContactStatus }) => {
    if (!current) return;
    setSaving(true);
    const result = await updateMessage(current.id, { ...change, notes: notes.trim() || null });
    setSaving(false);
    if (report(result)) {
      queryClient.setQueryData(messageKeys.detail(current.id), result.data);
      await queryClient.invalidateQueries({ queryKey: messageKeys.all });
    }
  };

  return (
    <StaffModal opened={messageId !== null} onClose={close} title="Detalle del Mensaje" size="lg">
      <Stack gap="md">
        <FeedbackAlert feedback={feedback} onClose={clear} />
        <ErrorAlert message={message.error?.message} />
        {message.isPending && <CenteredLoader label="Cargando mensaje" />}
        {current && (
          <>
            <MessageDetailBody message={current} />
            <Divider />
            <Textarea
              label="Notas internas"
              description="Se guardan con el cambio de estado; el cliente no las ve."
              size="md"
              autosize
              minRows={2}
              maxRows={6}
              maxLength={2000}
              value={notes}
              onChange={(e) => setNotes(e.currentTarget.value)}
            />
            <div>
              <Text size="sm" fw={500} mb={6}>
                Cambiar estado
              </Text>
              <Group gap="xs">
                {CONTACT_STATUSES.map((status) => (
                  <Button
                    key={status}
                    size="md"
                    variant={status === current.status ? 'filled' : 'light'}
                    color={MESSAGE_STATUS[status].color}
                    disabled={status === current.status || saving}
                    onClick={() => save({ status })}
                  >
                    {MESSAGE_STATUS[status].label}
                  </Button>
                ))}
              </Group>
            </div>
          </>
        )}
        <Group justify="flex-end">
          {current && (
            <Button variant="light" size="md" onClick={() => save({})} loading={saving}>
              Guardar notas
            </Button>
          )}
          <Button variant="default" size="md" onClick={close}>
            Cerrar
          </Button>
        </Group>
      </Stack>
    </StaffModal>
  );
}
