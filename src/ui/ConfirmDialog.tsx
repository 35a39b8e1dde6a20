import { Button, Group, Modal, Text } from '@mantine/core';
import { useTopmostDialog } from './modal-stack';
import classes from './touch.module.css';

export interface ConfirmDialogProps {
  opened: boolean;
  /** The question, e.g. "¿Estás seguro de eliminar este producto?" */
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Colour of the confirm button (error for destructive actions). */
  confirmColor?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a destructive action (never window.confirm); stacks above other dialogs. */
export function ConfirmDialog({ opened, message, confirmLabel = 'Eliminar', cancelLabel = 'Cancelar', confirmColor = 'error', busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const topmost = useTopmostDialog(opened);
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title="Confirmar"
      centered
      zIndex={400}
      className={classes.touch}
      closeOnEscape={topmost}
      closeButtonProps={{ size: 44, iconSize: 22, 'aria-label': 'Cerrar' }}
    >
      <Text mb="lg">{message}</Text>
      <Group justify="flex-end">
        <Button variant="default" size="md" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button color={confirmColor} size="md" onClick={onConfirm} loading={busy} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
