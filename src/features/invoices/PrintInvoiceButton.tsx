/**
 * "Imprimir" with the paper choice (A4 or 80 mm ticket). The printout and the QR library are a lazy chunk
 * fetched on the first click; the print dialog opens once the QR is drawn.
 */
import { Button, Group, SegmentedControl } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { Invoice, InvoicingStatus } from '../../api/invoices';
import type { Sale } from '../../api/sales';
import { useBusiness } from '../../session/business-context';
import type { PrintFormat } from './print/print-invoice';

const InvoicePrintout = lazy(() => import('./print/InvoicePrintout'));

export function PrintInvoiceButton({ invoice, sale, status }: { invoice: Invoice; sale: Sale; status: InvoicingStatus | undefined }) {
  const { info } = useBusiness();
  const [format, setFormat] = useState<PrintFormat>('a4');
  const [request, setRequest] = useState(0);
  return (
    <Group gap="sm">
      <SegmentedControl
        size="md"
        value={format}
        onChange={(value) => setFormat(value as PrintFormat)}
        data={[
          { value: 'a4', label: 'Hoja A4' },
          { value: '80mm', label: 'Ticket 80 mm' },
        ]}
        aria-label="Formato de impresión"
        styles={{ label: { minHeight: 36, display: 'flex', alignItems: 'center' } }}
      />
      <Button size="md" leftSection={<IconPrinter size={18} />} onClick={() => setRequest((n) => n + 1)}>
        Imprimir
      </Button>
      {request > 0 && (
        <Suspense fallback={null}>
          <InvoicePrintout
            invoice={invoice}
            sale={sale}
            business={info}
            issuer={{ startOfActivities: status?.startOfActivities ?? null, iibb: status?.iibb ?? null }}
            format={format}
            request={request}
          />
        </Suspense>
      )}
    </Group>
  );
}
