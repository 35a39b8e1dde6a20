import { Alert, Divider, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Sale } from '../../api/sales';
import { formatDateTime } from '../../ui/dates';
import { Money } from '../../ui/Money';
import { PaymentStatusChip, SaleFlagChips } from '../../ui/SaleChips';
import { paymentMethodLabel, SALE_FLAG_CAUSES } from '../../ui/sale-labels';
import { MercadoPagoPanel } from './MercadoPagoPanel';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="div" fw={500}>
        {children}
      </Text>
    </div>
  );
}

function TotalLine({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <Group justify="space-between" w={280} maw="100%">
      <Text fw={strong ? 700 : 400} size={strong ? 'lg' : 'md'}>
        {label}
      </Text>
      <Money value={value} fw={strong ? 700 : 500} size={strong ? 'lg' : 'md'} />
    </Group>
  );
}

/** Header data, device of an offline sale with its flags, products (with returned units), totals (net of returns) and notes (docs/spec.md §2). */
export function SaleDetailBody({ sale }: { sale: Sale }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="md">
        <Field label="Fecha y hora">{formatDateTime(sale.saleDate)}</Field>
        <Field label="Vendedor">{sale.user.fullName}</Field>
        <Field label="Cliente">{sale.customerName || 'Cliente General'}</Field>
        {sale.customerDocument !== undefined && <Field label="Documento">{sale.customerDocument || '—'}</Field>}
        <Field label="Método de Pago">{paymentMethodLabel(sale.paymentMethod)}</Field>
        <Field label="Estado">
          <PaymentStatusChip status={sale.paymentStatus} />
        </Field>
        {sale.cancelledAt && (
          <Field label="Cancelada">
            {formatDateTime(sale.cancelledAt)}
            {sale.cancelledByName && ` por ${sale.cancelledByName}`}
          </Field>
        )}
      </SimpleGrid>
      {sale.deviceId && (
        <Alert color={sale.flags.length > 0 ? 'warning' : 'info'} variant="light" icon={<IconCloudOff />} title="Venta registrada en el mostrador">
          <Stack gap={6}>
            <Text size="sm">
              Dispositivo: {sale.deviceName ?? sale.deviceId.slice(0, 8)}
              {sale.deviceSeq !== null && ` · venta N° ${sale.deviceSeq} del dispositivo`}
            </Text>
            <SaleFlagChips flags={sale.flags} />
            {sale.flags.includes('oversold') && <Text size="sm">Se vendió más de lo que había en stock: el stock quedó en negativo.</Text>}
            {sale.flags.includes('price_changed') && <Text size="sm">Se cobró un precio distinto al del catálogo al sincronizar.</Text>}
            {sale.reviewNote && (
              <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="sale-review-note">
                {sale.reviewNote}
              </Text>
            )}
          </Stack>
        </Alert>
      )}
      {sale.flags.includes('refunded') && (
        <Alert color="warning" variant="light" title="Pago reembolsado">
          {SALE_FLAG_CAUSES.refunded.charAt(0).toUpperCase() + SALE_FLAG_CAUSES.refunded.slice(1)}.
        </Alert>
      )}
      {sale.paymentMethod === 'mercadopago' && <MercadoPagoPanel saleId={sale.id} paymentStatus={sale.paymentStatus} />}
      <Table.ScrollContainer minWidth={480}>
        <Table striped verticalSpacing="xs" aria-label="Productos de la venta">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Producto</Table.Th>
              <Table.Th ta="right">Cantidad</Table.Th>
              <Table.Th ta="right">Precio Unit.</Table.Th>
              <Table.Th ta="right">Subtotal</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sale.items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>{item.productName}</Table.Td>
                <Table.Td ta="right">
                  {item.quantity}
                  {item.returnedQuantity > 0 && (
                    <Text size="xs" c="dimmed">
                      Devueltas: {item.returnedQuantity}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  <Money value={item.unitPrice} />
                  {item.catalogPrice !== null && (
                    <Text size="xs" c="dimmed">
                      Catálogo: <Money value={item.catalogPrice} />
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  <Money value={item.subtotal} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap={4} align="flex-end">
        <TotalLine label="Subtotal" value={sale.subtotal} />
        {sale.discount > 0 && <TotalLine label="Descuento" value={-sale.discount} />}
        <Divider w={280} maw="100%" />
        <TotalLine label="Total" value={sale.total} strong />
        {sale.returned > 0 && <TotalLine label="Devuelto" value={-sale.returned} />}
        {sale.returned > 0 && <TotalLine label="Total neto" value={sale.total - sale.returned} strong />}
      </Stack>
      {sale.notes && <Field label="Notas">{sale.notes}</Field>}
    </Stack>
  );
}
