import { Badge } from '@mantine/core';
import type { ContactStatus } from '../../../domain/constants';
import { MESSAGE_STATUS } from './message-labels';

export function MessageStatusChip({ status }: { status: ContactStatus }) {
  const { label, color } = MESSAGE_STATUS[status];
  return (
    <Badge color={color} variant="light" tt="none" size="lg">
      {label}
    </Badge>
  );
}
