import { Modal, type ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTopmostDialog } from './modal-stack';
import classes from './touch.module.css';

/** A back-office dialog: touch-sized controls, centred, full screen on phones; Escape closes only the topmost. */
export function StaffModal({ size = 'lg', ...props }: ModalProps) {
  const phone = useMediaQuery('(max-width: 37.5em)');
  const topmost = useTopmostDialog(props.opened);
  return (
    <Modal
      centered
      size={size}
      fullScreen={phone}
      className={classes.touch}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 500 } }}
      closeButtonProps={{ size: 44, iconSize: 22, 'aria-label': 'Cerrar' }}
      closeOnEscape={topmost}
      {...props}
    />
  );
}
