import { Badge, Button, Table, Text } from '@mantine/core';
import type { Invoice } from '../../api/invoices';
import { formatDate } from '../../ui/dates';
import { Money } from '../../ui/Money';
import { invoiceTypeLabel } from './invoice-format';

const LETTER_COLORS = { A: 'primary', B: 'secondary', C: 'info' } as const;
const NUMERIC = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** Fecha, Venta (opens the sale, where the invoice is reprinted), Tipo (chip), Número Factura, CAE, Total, Usuario (docs/spec.md §2). */
export function InvoicesTable({ invoices, onViewSale }: { invoices: Invoice[]; onViewSale: (invoice: Invoice) => void }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing={4} horizontalSpacing={6} aria-label="Facturas emitidas" styles={{ td: { verticalAlign: 'middle' } }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Fecha</Table.Th>
            <Table.Th>Venta</Table.Th>
            <Table.Th>Tipo</Table.Th>
            <Table.Th>Número Factura</Table.Th>
            <Table.Th>CAE</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th>Usuario</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoices.map((invoice) => (
            <Table.Tr key={invoice.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(invoice.saleDate)}</Table.Td>
              <Table.Td>
                <Button variant="subtle" h={44} px={4} fw={500} onClick={() => onViewSale(invoice)} aria-label={`Ver venta ${invoice.saleNumber}`}>
                  {invoice.saleNumber}
                </Button>
              </Table.Td>
              <Table.Td>
                <Badge color={LETTER_COLORS[invoice.letter]} variant="light" tt="none" size="md">
                  {invoiceTypeLabel(invoice)}
                </Badge>
              </Table.Td>
              <Table.Td style={NUMERIC}>{invoice.invoiceNumber}</Table.Td>
              <Table.Td style={NUMERIC}>{invoice.invoiceCAE ?? '—'}</Table.Td>
              <Table.Td ta="right">
                <Money value={invoice.total} fw={500} />
              </Table.Td>
              <Table.Td>
                <Text inherit>{invoice.user.fullName || invoice.user.username}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
