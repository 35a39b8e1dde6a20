import { ActionIcon, Group, Table } from '@mantine/core';
import { IconEye, IconTrash } from '@tabler/icons-react';
import type { ContactMessage } from '../../api/messages';
import { DateTimeCell } from '../../ui/DateTimeCell';
import { EmailText } from '../../ui/BreakableText';
import { MessageStatusChip } from './MessageStatusChip';

/** Fecha, Nombre, Email, Teléfono, Asunto, Estado, Acciones (view, delete). */
export function MessagesTable({ messages, onView, onDelete }: { messages: ContactMessage[]; onView: (m: ContactMessage) => void; onDelete: (m: ContactMessage) => void }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="xs" horizontalSpacing="xs" aria-label="Mensajes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Fecha</Table.Th>
            <Table.Th>Nombre</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Teléfono</Table.Th>
            <Table.Th>Asunto</Table.Th>
            <Table.Th>Estado</Table.Th>
            <Table.Th ta="center">Acciones</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {messages.map((m) => (
            <Table.Tr key={m.id} fw={m.status === 'nuevo' ? 600 : undefined}>
              <Table.Td>
                <DateTimeCell instant={m.createdAt} />
              </Table.Td>
              <Table.Td>{m.name}</Table.Td>
              <Table.Td>
                <EmailText email={m.email} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{m.phone || '—'}</Table.Td>
              <Table.Td>{m.subject || '—'}</Table.Td>
              <Table.Td>
                <MessageStatusChip status={m.status} />
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap" justify="center">
                  <ActionIcon variant="subtle" size={44} onClick={() => onView(m)} aria-label={`Ver mensaje de ${m.name}`} title="Ver detalle">
                    <IconEye size={22} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="error" size={44} onClick={() => onDelete(m)} aria-label={`Eliminar mensaje de ${m.name}`} title="Eliminar">
                    <IconTrash size={22} />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
