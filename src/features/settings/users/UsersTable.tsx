import { Badge, Button, Group, Table } from '@mantine/core';
import { IconKey, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import type { StaffUser } from '../../../api/users';

/** Usuario, Nombre, Email, Rol, Estado and the actions (reset password, deactivate / reactivate). */
export function UsersTable({
  users,
  currentUserId,
  onResetPassword,
  onToggleActive,
}: {
  users: StaffUser[];
  currentUserId: number | undefined;
  onResetPassword: (u: StaffUser) => void;
  onToggleActive: (u: StaffUser) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={680}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Usuarios">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Usuario</Table.Th>
            <Table.Th>Nombre</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Rol</Table.Th>
            <Table.Th>Estado</Table.Th>
            <Table.Th ta="center">Acciones</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((u) => (
            <Table.Tr key={u.id}>
              <Table.Td fw={500}>{u.username}</Table.Td>
              <Table.Td>{u.fullName}</Table.Td>
              <Table.Td c={u.email ? undefined : 'dimmed'}>{u.email || '—'}</Table.Td>
              <Table.Td>{u.role === 'admin' ? 'Administrador' : 'Vendedor'}</Table.Td>
              <Table.Td>
                <Badge color={u.active ? 'success' : 'gray'} variant="light" tt="none" size="lg">
                  {u.active ? 'Activo' : 'Inactivo'}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap" justify="center">
                  <Button variant="light" size="md" leftSection={<IconKey size={18} />} onClick={() => onResetPassword(u)} aria-label={`Restablecer contraseña de ${u.username}`}>
                    Contraseña
                  </Button>
                  {u.id !== currentUserId && (
                    <Button
                      variant="light"
                      size="md"
                      color={u.active ? 'error' : 'success'}
                      leftSection={u.active ? <IconUserOff size={18} /> : <IconUserCheck size={18} />}
                      onClick={() => onToggleActive(u)}
                      aria-label={`${u.active ? 'Desactivar' : 'Reactivar'} a ${u.username}`}
                    >
                      {u.active ? 'Desactivar' : 'Reactivar'}
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
