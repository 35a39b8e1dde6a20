import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { dismissibleAlertProps } from './FeedbackAlert';

/** Dismissible error-severity alert (docs/spec.md §8 "UI handling"); renders nothing without a message. */
export function ErrorAlert({ message, onClose }: { message: string | null | undefined; onClose?: () => void }) {
  if (!message) return null;
  return (
    <Alert color="error" variant="light" icon={<IconAlertCircle />} withCloseButton={Boolean(onClose)} onClose={onClose} role="alert" {...dismissibleAlertProps}>
      {message}
    </Alert>
  );
}
