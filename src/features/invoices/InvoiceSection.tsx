/**
 * The sale detail's "Facturación Electrónica" section (docs/spec.md §2, §4): the spec's warning when the sale is
 * not `pagado`; the existing invoice (with Imprimir) instead of the button; a pending or failed invoice
 * with its reason and "Reintentar"; "Generar Factura Electrónica" otherwise. Not configured (or the status
 * check failed, docs/spec.md §7) → it says so and offers no button.
 */
import { Alert, Button, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconFileInvoice, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { MSG } from '../../../domain/messages';
import type { Sale } from '../../api/sales';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { GenerateInvoiceDialog } from './GenerateInvoiceDialog';
import { useInvoicingStatus, useSaleInvoice } from './invoice-queries';
import { InvoiceProblem } from './InvoiceProblem';
import { InvoiceSummary } from './InvoiceSummary';
import { PrintInvoiceButton } from './PrintInvoiceButton';
import { SimulatorBadge } from './SimulatorBadge';

/** The dialog stays mounted beside the section's content, so its success panel outlives the refetch. */
function SectionBody({ sale }: { sale: Sale }) {
  const status = useInvoicingStatus();
  const [generating, setGenerating] = useState(false);
  return (
    <>
      <SectionContent sale={sale} onGenerate={() => setGenerating(true)} />
      {status.data && <GenerateInvoiceDialog sale={sale} status={status.data} opened={generating} onClose={() => setGenerating(false)} />}
    </>
  );
}

function SectionContent({ sale, onGenerate }: { sale: Sale; onGenerate: () => void }) {
  const status = useInvoicingStatus();
  const invoice = useSaleInvoice(sale.id);

  if (invoice.isPending || status.isPending) {
    return (
      <Group gap="sm" role="status" aria-label="Cargando factura">
        <Loader size="sm" />
        <Text c="dimmed">Cargando factura…</Text>
      </Group>
    );
  }
  if (invoice.error) {
    return (
      <Group>
        <ErrorAlert message={invoice.error.message} />
        <Button size="md" variant="default" onClick={() => void invoice.refetch()}>
          Reintentar
        </Button>
      </Group>
    );
  }
  const existing = invoice.data;
  if (existing?.status === 'autorizada') {
    return <InvoiceSummary invoice={existing} actions={<PrintInvoiceButton invoice={existing} sale={sale} status={status.data} />} />;
  }
  if (existing) return <InvoiceProblem invoice={existing} />;
  if (sale.paymentStatus !== 'pagado') {
    return (
      <Alert color="warning" variant="light" icon={<IconInfoCircle />}>
        {MSG.invoiceSaleNotPaid}.
      </Alert>
    );
  }
  if (!status.data?.configured) {
    return (
      <Alert color="info" variant="light" icon={<IconInfoCircle />} title="Facturación electrónica no configurada">
        {status.error ? `${status.error.message}. ${MSG.invoiceNotConfigured}` : status.data?.message}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      {status.data.simulator && <SimulatorBadge />}
      <Group>
        <Button size="md" leftSection={<IconFileInvoice size={18} />} onClick={onGenerate}>
          Generar Factura Electrónica
        </Button>
      </Group>
    </Stack>
  );
}

export function InvoiceSection({ sale }: { sale: Sale }) {
  return (
    <Stack gap="sm" data-testid="invoice-section">
      <Divider />
      <Title order={3} size="h5">
        Facturación Electrónica
      </Title>
      <SectionBody sale={sale} />
    </Stack>
  );
}
