import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { Feedback } from './useFeedback';

/** Touch-sized (44 px) close button for dismissible alerts. */
export const dismissibleAlertProps = {
  closeButtonLabel: 'Cerrar aviso',
  styles: { closeButton: { width: 44, height: 44, margin: -12 } },
} as const;

/** The outcome of a mutation in a dismissible alert: success colour, or error severity for failures. */
export function FeedbackAlert({ feedback, onClose }: { feedback: Feedback | null; onClose: () => void }) {
  if (!feedback) return null;
  const failed = feedback.kind === 'error';
  return (
    <Alert
      color={failed ? 'error' : 'success'}
      variant="light"
      icon={failed ? <IconAlertCircle /> : <IconCircleCheck />}
      withCloseButton
      {...dismissibleAlertProps}
      onClose={onClose}
      role={failed ? 'alert' : 'status'}
    >
      {feedback.text}
    </Alert>
  );
}
