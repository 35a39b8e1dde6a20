import { ActionIcon, Badge, Group, Table } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';

/** A category or a brand: what products are classified by. */
export interface Classifier {
  id: number;
  name: string;
  description: string | null;
  isActive: boolean;
}

/** Nombre, Descripción, Estado (Activa / Inactiva), edit/delete — the categories and brands tables. */
export function EntityTable<T extends Classifier>({ label, rows, onEdit, onDelete }: { label: string; rows: T[]; onEdit: (row: T) => void; onDelete: (row: T) => void }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nombre</Table.Th>
            <Table.Th>Descripción</Table.Th>
            <Table.Th>Estado</Table.Th>
            <Table.Th ta="center">Acciones</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td fw={500}>{row.name}</Table.Td>
              <Table.Td c={row.description ? undefined : 'dimmed'}>{row.description || '—'}</Table.Td>
              <Table.Td>
                <Badge color={row.isActive ? 'success' : 'gray'} variant="light" tt="none" size="lg">
                  {row.isActive ? 'Activa' : 'Inactiva'}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap" justify="center">
                  <ActionIcon variant="subtle" size={44} onClick={() => onEdit(row)} aria-label={`Editar ${row.name}`} title="Editar">
                    <IconEdit size={22} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="error" size={44} onClick={() => onDelete(row)} aria-label={`Eliminar ${row.name}`} title="Eliminar">
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
