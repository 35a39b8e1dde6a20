import { Badge, Group, Paper, Stack, Text } from '@mantine/core';

interface Props {
  reference: string;
  paymentId?: string;
  status?: { label: string; color: string };
}

/** Referencia (and payment id) with the fixed local status chip. */
export function PaymentDetails({ reference, paymentId, status }: Props) {
  return (
    <Paper withBorder p="md" w="100%" bg="var(--app-background)">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text c="dimmed">Referencia</Text>
          <Text fw={600} style={{ wordBreak: 'break-all' }}>
            {reference}
          </Text>
        </Group>
        {paymentId && (
          <Group justify="space-between" wrap="nowrap">
            <Text c="dimmed">ID de pago</Text>
            <Text fw={500}>{paymentId}</Text>
          </Group>
        )}
        {status && (
          <Group justify="space-between">
            <Text c="dimmed">Estado</Text>
            <Badge color={status.color} size="lg" tt="none">
              {status.label}
            </Badge>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
