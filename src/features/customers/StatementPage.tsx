/**
 * A customer's statement (issue #33.4; admin and seller): the movements of the cuenta corriente oldest first
 * with the running balance, the balance by age, «Descargar PDF» (an A4 printout through the browser's print
 * dialog, like invoices) and «Enviar por WhatsApp» (a wa.me link with a short Spanish text and the balance,
 * built by the server from the customer's phone). Sellers see the name; the document only when the
 * privacy setting lets them (the server leaves it out otherwise). Reached from the customer file.
 */
import './statement-print.css';
import { Anchor, Badge, Button, Group, SimpleGrid, Table, Text } from '@mantine/core';
import { IconBrandWhatsapp, IconFileTypePdf } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createPortal } from 'react-dom';
import { Link, useParams } from 'react-router-dom';
import { ACCOUNT_MOVEMENT_LABELS, AGING_BUCKETS, AGING_LABELS } from '../../../domain/account';
import { formatMoney } from '../../../domain/money';
import type { AccountStatementJson } from '../../../domain/schemas/accounts';
import { fetchStatement } from '../../api/accounts';
import { unwrap } from '../../api/unwrap';
import { PAYMENT_LABELS } from '../../offline-ui/format';
import { useBusiness } from '../../session/business-context';
import { formatDateTime } from '../../ui/dates';
import { CenteredLoader } from '../../ui/CenteredLoader';
import { EmptyState } from '../../ui/EmptyState';
import { LoadFailed } from '../../ui/LoadFailed';
import { StaffPage } from '../../ui/StaffPage';
import { accountKeys } from './queries';

function printStatement(): void {
  document.body.classList.add('statement-printing');
  window.addEventListener('afterprint', () => document.body.classList.remove('statement-printing'), { once: true });
  window.print();
}

const movementLabel = (m: AccountStatementJson['movements'][number]) =>
  [ACCOUNT_MOVEMENT_LABELS[m.kind] ?? m.kind, m.saleNumber ? `N° ${m.saleNumber}` : null, m.paymentMethod && m.kind === 'payment' ? (PAYMENT_LABELS[m.paymentMethod] ?? m.paymentMethod) : null]
    .filter(Boolean)
    .join(' · ');

function MovementsTable({ statement, label }: { statement: AccountStatementJson; label?: string }) {
  return (
    <table aria-label={label}>
      <thead>
        <tr>
          <th>Fecha</th>
          <th>Movimiento</th>
          <th className="amount">Debe</th>
          <th className="amount">Haber</th>
          <th className="amount">Saldo</th>
        </tr>
      </thead>
      <tbody>
        {statement.movements.map((m) => (
          <tr key={m.id}>
            <td>{formatDateTime(m.occurredAt)}</td>
            <td>{movementLabel(m)}</td>
            <td className="amount">{m.amount > 0 ? formatMoney(m.amount) : ''}</td>
            <td className="amount">{m.amount < 0 ? formatMoney(-m.amount) : ''}</td>
            <td className="amount">{formatMoney(m.balance)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function StatementPrintout({ statement, businessName }: { statement: AccountStatementJson; businessName: string }) {
  const { customer } = statement;
  return createPortal(
    <div className="statement-print" data-testid="statement-print">
      <h1>{businessName || 'Sistema POS'}</h1>
      <h2>Estado de cuenta corriente</h2>
      <div>Cliente: {customer.name}</div>
      {customer.docNumber && <div>Documento: {customer.docNumber}</div>}
      <div>Emitido: {formatDateTime(statement.generatedAt)}</div>
      <div>
        <strong>Saldo: {formatMoney(statement.balance)}</strong>
      </div>
      <MovementsTable statement={statement} />
    </div>,
    document.body,
  );
}

export default function StatementPage() {
  const id = Number(useParams().id);
  const { businessName } = useBusiness();
  const statement = useQuery({ queryKey: accountKeys.statement(id), queryFn: () => unwrap(fetchStatement(id)), enabled: Number.isInteger(id) && id > 0 });
  const data = statement.data;
  return (
    <StaffPage
      title={data ? `Estado de cuenta: ${data.customer.name}` : 'Estado de cuenta'}
      actions={
        data && (
          <Group gap="sm">
            <Button size="md" variant="default" leftSection={<IconFileTypePdf size={18} />} onClick={printStatement}>
              Descargar PDF
            </Button>
            {data.whatsappUrl ? (
              <Button size="md" variant="default" component="a" href={data.whatsappUrl} target="_blank" rel="noopener noreferrer" leftSection={<IconBrandWhatsapp size={18} />}>
                Enviar por WhatsApp
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                Sin teléfono para WhatsApp
              </Text>
            )}
          </Group>
        )
      }
    >
      <Anchor component={Link} to="/customers" c="inherit" td="underline">
        Volver a Clientes
      </Anchor>
      {statement.isError ? (
        <LoadFailed message={statement.error.message} onRetry={() => void statement.refetch()} retrying={statement.isFetching} />
      ) : !data ? (
        <CenteredLoader label="Cargando estado de cuenta" />
      ) : (
        <>
          <Group gap="md">
            <Text size="lg" fw={700} data-testid="statement-balance">
              Saldo: {formatMoney(data.balance)}
            </Text>
            {data.customer.creditLimit !== null && <Text>Límite: {formatMoney(data.customer.creditLimit)}</Text>}
            {data.customer.docNumber && <Text c="dimmed">Documento: {data.customer.docNumber}</Text>}
            {!data.customer.accountEnabled && <Badge variant="light">Cuenta corriente deshabilitada</Badge>}
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {AGING_BUCKETS.map((bucket) => (
              <div key={bucket}>
                <Text size="sm" c="dimmed">
                  {AGING_LABELS[bucket]}
                </Text>
                <Text fw={600}>{formatMoney(data.aging[bucket])}</Text>
              </div>
            ))}
          </SimpleGrid>
          {data.movements.length === 0 ? (
            <EmptyState message="Este cliente no tiene movimientos en su cuenta corriente" />
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table striped verticalSpacing="sm" aria-label="Movimientos">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Fecha</Table.Th>
                    <Table.Th>Movimiento</Table.Th>
                    <Table.Th ta="right">Debe</Table.Th>
                    <Table.Th ta="right">Haber</Table.Th>
                    <Table.Th ta="right">Saldo</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.movements.map((m) => (
                    <Table.Tr key={m.id}>
                      <Table.Td>{formatDateTime(m.occurredAt)}</Table.Td>
                      <Table.Td>
                        {movementLabel(m)}
                        {m.overLimit && (
                          <Badge ml="xs" color="error" variant="light">
                            Sobre el límite
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">{m.amount > 0 ? formatMoney(m.amount) : ''}</Table.Td>
                      <Table.Td ta="right">{m.amount < 0 ? formatMoney(-m.amount) : ''}</Table.Td>
                      <Table.Td ta="right" fw={600}>
                        {formatMoney(m.balance)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <StatementPrintout statement={data} businessName={businessName} />
        </>
      )}
    </StaffPage>
  );
}
