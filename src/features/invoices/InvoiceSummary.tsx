import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Invoice } from '../../api/invoices';
import { Money } from '../../ui/Money';
import { formatIsoDate, invoiceTypeLabel } from './invoice-format';
import { SimulatorBadge } from './SimulatorBadge';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="div" fw={600} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** An authorised invoice or credit note: type, number, CAE and its expiry, date, total, the credited invoice (plus the caller's actions). */
export function InvoiceSummary({ invoice, actions }: { invoice: Invoice; actions?: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid="invoice-summary">
      <Stack gap="sm">
        <Group gap="xs">
          <Badge size="lg" color="success" variant="light" tt="none">
            {invoiceTypeLabel(invoice)} autorizada
          </Badge>
          {invoice.simulator && <SimulatorBadge />}
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="md">
          <Field label="Tipo">{invoiceTypeLabel(invoice)}</Field>
          <Field label="Número" testId="invoice-number">
            {invoice.invoiceNumber}
          </Field>
          <Field label="Fecha">{formatIsoDate(invoice.date)}</Field>
          <Field label="CAE" testId="invoice-cae">
            {invoice.cae}
          </Field>
          <Field label="Vencimiento CAE" testId="invoice-cae-expiry">
            {formatIsoDate(invoice.cae_expiration)}
          </Field>
          <Field label="Total">
            <Money value={invoice.total} />
          </Field>
          {invoice.associated && (
            <Field label="Comprobante asociado" testId="invoice-associated">
              {invoice.associated.typeLabel} {invoice.associated.invoiceNumber}
            </Field>
          )}
        </SimpleGrid>
        {actions}
      </Stack>
    </Paper>
  );
}
