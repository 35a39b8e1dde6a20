/**
 * Clientes (issue #33 item 1; admin and seller): one search field (name, CUIT/DNI, phone), a paged list,
 * create and edit; the admin also deactivates (with confirmation), sets the cuenta corriente, and exports
 * (CSV / Excel) and imports the file with a preview (the products' ImportDialog, kind «clientes»). A
 * customer with a cuenta corriente (or a balance) opens its statement; the admin opens the aging of every
 * account («Cuentas corrientes», issue #33.4). A list
 * that could not be read shows the error with «Reintentar», never an empty list.
 */
import { Badge, Button, Group, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileImport, IconNotebook, IconPlus, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { TIMINGS } from '../../../domain/constants';
import { CUSTOMER_DOC_TYPE_LABELS } from '../../../domain/customers';
import { CONDICION_IVA_LABELS } from '../../../domain/invoicing/codes';
import { formatMoney } from '../../../domain/money';
import { deactivateCustomer, fetchCustomers, type Customer } from '../../api/customers';
import { unwrapPage } from '../../api/unwrap';
import { CUSTOMER_MSG } from '../../offline/customer-messages';
import { useAuth } from '../../session/auth-context';
import { CenteredLoader } from '../../ui/CenteredLoader';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { ExportMenu } from '../../ui/ExportMenu';
import { FeedbackAlert } from '../../ui/FeedbackAlert';
import { LoadFailed } from '../../ui/LoadFailed';
import { Pager } from '../../ui/Pager';
import { StaffPage } from '../../ui/StaffPage';
import { useFeedback } from '../../ui/useFeedback';
import { ImportDialog } from '../products/ImportDialog';
import { CustomerFormDialog } from './CustomerFormDialog';
import { customerKeys } from './queries';

const PAGE_SIZE = 20;

export default function CustomersPage() {
  const queryClient = useQueryClient();
  const { isAdmin } = useAuth();
  const [typed, setTyped] = useState('');
  const [search] = useDebouncedValue(typed.trim(), TIMINGS.searchDebounceMs);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ customer: Customer | null } | null>(null);
  const [deactivating, setDeactivating] = useState<Customer | null>(null);
  const [busy, setBusy] = useState(false);
  const [importing, setImporting] = useState(false);
  const { feedback, report, succeed, fail, clear } = useFeedback();
  useEffect(() => setPage(1), [search]);

  const query = { search: search || undefined, page, limit: PAGE_SIZE };
  const list = useQuery({ queryKey: customerKeys.list(query), queryFn: () => unwrapPage(fetchCustomers(query)), placeholderData: keepPreviousData });
  const refresh = () => queryClient.invalidateQueries({ queryKey: customerKeys.all });
  const rows = list.data?.rows ?? [];
  const total = list.data?.pagination.totalItems ?? rows.length;

  const confirmDeactivate = async () => {
    if (!deactivating) return;
    setBusy(true);
    const result = await deactivateCustomer(deactivating.id);
    if (result.success) await refresh();
    setBusy(false);
    setDeactivating(null);
    report(result, CUSTOMER_MSG.deactivated);
  };

  return (
    <StaffPage
      title="Clientes"
      actions={
        <Group gap="sm">
          {isAdmin && (
            <Button size="md" variant="default" component={Link} to="/accounts" leftSection={<IconNotebook size={18} />}>
              Cuentas corrientes
            </Button>
          )}
          {isAdmin && <ExportMenu dataset="clientes" onError={fail} />}
          {isAdmin && (
            <Button size="md" variant="default" leftSection={<IconFileImport size={18} />} onClick={() => setImporting(true)}>
              Importar
            </Button>
          )}
          <Button size="md" leftSection={<IconPlus size={18} />} onClick={() => setEditing({ customer: null })}>
            Nuevo cliente
          </Button>
        </Group>
      }
    >
      <FeedbackAlert feedback={feedback} onClose={clear} />
      <TextInput
        size="md"
        label="Buscar"
        placeholder="Nombre, CUIT/DNI o teléfono"
        leftSection={<IconSearch size={18} />}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
      />
      {list.isError ? (
        <LoadFailed message={list.error.message} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : list.isPending ? (
        <CenteredLoader label="Cargando clientes" />
      ) : rows.length === 0 ? (
        <EmptyState message={CUSTOMER_MSG.empty} />
      ) : (
        <>
          <Text c="dimmed" aria-live="polite">
            Mostrando {rows.length} de {total} cliente(s)
          </Text>
          <Table.ScrollContainer minWidth={700}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Nombre</Table.Th>
                  <Table.Th>Documento</Table.Th>
                  <Table.Th>Condición IVA</Table.Th>
                  <Table.Th>Teléfono</Table.Th>
                  {isAdmin && <Table.Th>Cuenta corriente</Table.Th>}
                  <Table.Th>Acciones</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((customer) => (
                  <Table.Tr key={customer.id}>
                    <Table.Td>{customer.name}</Table.Td>
                    <Table.Td>{customer.docNumber ? `${CUSTOMER_DOC_TYPE_LABELS[customer.docType]} ${customer.docNumber}` : CUSTOMER_DOC_TYPE_LABELS[customer.docType]}</Table.Td>
                    <Table.Td>{CONDICION_IVA_LABELS[customer.ivaConditionId]}</Table.Td>
                    <Table.Td>{customer.phone ?? '—'}</Table.Td>
                    {isAdmin && (
                      <Table.Td>
                        {customer.accountEnabled ? (
                          <Badge variant="light">{`Saldo ${formatMoney(customer.balance)}${customer.creditLimit !== null ? ` · límite ${formatMoney(customer.creditLimit)}` : ''}`}</Badge>
                        ) : (
                          '—'
                        )}
                      </Table.Td>
                    )}
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="md" variant="default" onClick={() => setEditing({ customer })} aria-label={`Editar ${customer.name}`}>
                          Editar
                        </Button>
                        {(customer.accountEnabled || customer.balance !== 0) && (
                          <Button size="md" variant="default" component={Link} to={`/customers/${customer.id}/statement`} aria-label={`Estado de cuenta de ${customer.name}`}>
                            Estado de cuenta
                          </Button>
                        )}
                        {isAdmin && (
                          <Button size="md" variant="light" color="error" onClick={() => setDeactivating(customer)} aria-label={`Desactivar ${customer.name}`}>
                            Desactivar
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager page={page} totalPages={list.data?.pagination.totalPages ?? 1} onChange={setPage} />
        </>
      )}
      <CustomerFormDialog
        opened={editing !== null}
        customer={editing?.customer ?? null}
        isAdmin={isAdmin}
        onClose={() => setEditing(null)}
        onSaved={async (message) => {
          await refresh();
          setEditing(null);
          succeed(message);
        }}
      />
      {isAdmin && (
        <ImportDialog
          kind="clientes"
          opened={importing}
          onClose={() => setImporting(false)}
          onApplied={async (message) => {
            await refresh();
            setImporting(false);
            succeed(message);
          }}
        />
      )}
      <ConfirmDialog
        opened={deactivating !== null}
        message={deactivating ? CUSTOMER_MSG.deactivateConfirm(deactivating.name) : ''}
        confirmLabel="Desactivar"
        busy={busy}
        onConfirm={confirmDeactivate}
        onCancel={() => setDeactivating(null)}
      />
    </StaffPage>
  );
}
