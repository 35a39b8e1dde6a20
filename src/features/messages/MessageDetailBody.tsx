import { Anchor, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ContactMessage } from '../../api/messages';
import { formatDateTime } from '../../ui/dates';
import { MessageStatusChip } from './MessageStatusChip';
import { EmailText } from '../../ui/BreakableText';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="div" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** Contact data, the product asked about, subject, message and who answered (docs/spec.md §2). */
export function MessageDetailBody({ message: m }: { message: ContactMessage }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Field label="Nombre">{m.name}</Field>
        <Field label="Email">
          <Anchor href={`mailto:${m.email}`}>
            <EmailText email={m.email} />
          </Anchor>
        </Field>
        <Field label="Teléfono">{m.phone ? <Anchor href={`tel:${m.phone}`}>{m.phone}</Anchor> : '—'}</Field>
        <Field label="Fecha">{formatDateTime(m.createdAt)}</Field>
        <Field label="Estado">
          <MessageStatusChip status={m.status} />
        </Field>
        {m.product && <Field label="Producto consultado">{m.product.name}</Field>}
      </SimpleGrid>
      <Field label="Asunto">{m.subject || '—'}</Field>
      <div>
        <Text size="sm" c="dimmed" mb={4}>
          Mensaje
        </Text>
        <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-default-hover)">
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{m.message}</Text>
        </Paper>
      </div>
      {m.respondedAt && (
        <Text size="sm">
          Respondido el {formatDateTime(m.respondedAt)}
          {m.responder && ` por ${m.responder.fullName}`}
        </Text>
      )}
      {m.notes && <Field label="Notas guardadas">{m.notes}</Field>}
    </Stack>
  );
}
