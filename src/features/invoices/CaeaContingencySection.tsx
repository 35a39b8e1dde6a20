/**
 * "Contingencia (CAEA)" (issue #11, admin): the CAEA invoices not yet informed to ARCA or rejected, each
 * with its reporting deadline (flagged when close or past), and the CAEAs the server holds. Loading, an
 * error and "nothing to report" are three different states.
 */
import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { addDays } from '../../../domain/invoicing/caea';
import type { CaeaContingency, Invoice } from '../../api/invoices';
import { CenteredLoader } from '../../ui/CenteredLoader';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { Money } from '../../ui/Money';
import { formatIsoDate, invoiceTypeLabel } from './invoice-format';
import { useCaeaContingency } from './invoice-queries';

/** Days before the deadline from which a report counts as close to it. */
const NEAR_DAYS = 3;

function deadlineBadge(invoice: Invoice, today: string) {
  const deadline = invoice.report?.deadline ?? '';
  if (deadline < today) return <Badge color="error">Plazo vencido</Badge>;
  if (deadline <= addDays(today, NEAR_DAYS)) return <Badge color="warning">Vence pronto</Badge>;
  return null;
}

function ReportState({ invoice }: { invoice: Invoice }) {
  if (invoice.report?.status === 'rechazada') {
    return (
      <Stack gap={2}>
        <Badge color="error" variant="light">
          Rechazada por ARCA
        </Badge>
        <Text size="xs">{invoice.report.error}</Text>
      </Stack>
    );
  }
  return (
    <Stack gap={2}>
      <Badge color="warning" variant="light">
        Sin informar
      </Badge>
      {invoice.report?.error && (
        <Text size="xs" c="dimmed">
          Último intento: {invoice.report.error}
        </Text>
      )}
    </Stack>
  );
}

function CaeaInvoices({ data }: { data: CaeaContingency }) {
  if (data.invoices.length === 0) return <EmptyState message="No hay facturas CAEA pendientes de informar a ARCA" />;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="xs" aria-label="Facturas CAEA sin informar">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Venta</Table.Th>
            <Table.Th>Comprobante</Table.Th>
            <Table.Th>CAEA</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th>Estado</Table.Th>
            <Table.Th>Informar antes del</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.invoices.map((invoice) => (
            <Table.Tr key={invoice.id}>
              <Table.Td>{invoice.saleNumber}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {invoiceTypeLabel(invoice)} {invoice.invoiceNumber}
              </Table.Td>
              <Table.Td ff="monospace">{invoice.cae}</Table.Td>
              <Table.Td ta="right">
                <Money value={invoice.total} inherit />
              </Table.Td>
              <Table.Td>
                <ReportState invoice={invoice} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Group gap={6}>
                  <Text inherit>{formatIsoDate(invoice.report?.deadline)}</Text>
                  {deadlineBadge(invoice, data.today)}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function HeldCaeas({ data }: { data: CaeaContingency }) {
  return (
    <Text size="sm" c="dimmed" data-testid="caeas-held">
      {data.caeas.length === 0
        ? 'El servidor todavía no tiene un CAEA vigente: lo obtiene de ARCA en cuanto puede.'
        : `CAEA vigentes: ${data.caeas.map((c) => `${c.caea} (del ${formatIsoDate(c.validFrom)} al ${formatIsoDate(c.validTo)}, informar hasta el ${formatIsoDate(c.reportDeadline)})`).join('; ')}.`}{' '}
      {data.caeaPtoVta ? `Punto de venta CAEA del servidor: ${data.caeaPtoVta}.` : 'El servidor no tiene punto de venta CAEA.'}
    </Text>
  );
}

export function CaeaContingencySection() {
  const caea = useCaeaContingency(true);
  return (
    <Stack gap="xs" component="section" aria-label="Contingencia (CAEA)">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Contingencia (CAEA)
        </Title>
        <Button variant="default" size="md" leftSection={<IconRefresh size={18} />} onClick={() => void caea.refetch()} loading={caea.isFetching && !caea.isPending}>
          Recargar CAEA
        </Button>
      </Group>
      {caea.error ? (
        <ErrorAlert message={caea.error.message} />
      ) : caea.isPending ? (
        <CenteredLoader label="Cargando contingencia CAEA" />
      ) : (
        <>
          <HeldCaeas data={caea.data} />
          <CaeaInvoices data={caea.data} />
        </>
      )}
    </Stack>
  );
}
