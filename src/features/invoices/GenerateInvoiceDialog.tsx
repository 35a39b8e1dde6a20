/**
 * "Generar Factura Electrónica" (docs/spec.md §2): the sale's number and total, the buyer's IVA condition, the
 * legal invoice type for it, the document type and number (hidden for 99), the buyer's name and address
 * (required for an A and at the identification threshold, issue #33.3), the info note; after success
 * the type, number, CAE and expiry with Imprimir and Cerrar. A pending answer shows why and "Reintentar".
 */
import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconFileInvoice, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { CBTE_TIPO_LABELS, CONDICION_IVA_LABELS, DOC_TIPO_LABELS, docTiposFor, type CbteTipo, type CondicionIvaReceptor, type DocTipo } from '../../../domain/invoicing';
import { MSG } from '../../../domain/messages';
import type { ApiResult } from '../../api/client';
import { generateInvoice, type Invoice, type InvoicingStatus } from '../../api/invoices';
import type { Sale } from '../../api/sales';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { Money } from '../../ui/Money';
import { StaffModal } from '../../ui/StaffModal';
import { TouchSelect } from '../../ui/TouchSelect';
import { conditionOptions, initialInvoiceForm, invoiceBody, invoiceFormErrors, needsBuyerData, typeOptions, withCondition, type InvoiceFormValues } from './invoice-form';
import { invoiceKeys, useDocumentTypes, useInvoiceTypes } from './invoice-queries';
import { InvoiceProblem } from './InvoiceProblem';
import { InvoiceSummary } from './InvoiceSummary';
import { PrintInvoiceButton } from './PrintInvoiceButton';
import { SimulatorBadge } from './SimulatorBadge';

const isInvoice = (value: unknown): value is Invoice => typeof value === 'object' && value !== null && 'status' in value && 'invoiceNumber' in value;

interface Props {
  sale: Sale;
  status: InvoicingStatus;
  opened: boolean;
  onClose: () => void;
}

export function GenerateInvoiceDialog({ sale, status, opened, onClose }: Props) {
  const queryClient = useQueryClient();
  const issuer = status.taxCondition ?? 'monotributo';
  const [values, setValues] = useState<InvoiceFormValues>(() => initialInvoiceForm(issuer, sale.customerName ?? ''));
  const [showErrors, setShowErrors] = useState(false);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<ApiResult<Invoice> | null>(null);
  const types = useInvoiceTypes(opened);
  const docTypes = useDocumentTypes(opened);

  const errors = invoiceFormErrors(values, sale.total, status.identificationThreshold);
  const typeLabel = (t: CbteTipo) => types.data?.[t] ?? CBTE_TIPO_LABELS[t];
  const docLabel = (d: DocTipo) => docTypes.data?.[d] ?? DOC_TIPO_LABELS[d];
  const docOptions = values.tipo === null ? [] : docTiposFor(values.tipo, values.condicion);

  useEffect(() => {
    if (!opened) return;
    setValues(initialInvoiceForm(issuer, sale.customerName ?? ''));
    setShowErrors(false);
    setOutcome(null);
  }, [opened, issuer, sale.customerName]);
  const buyerRequired = needsBuyerData(values, sale.total, status.identificationThreshold);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (Object.keys(errors).length > 0) return;
    setSending(true);
    const result = await generateInvoice(sale.id, invoiceBody(values));
    setSending(false);
    setOutcome(result);
    await queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
  };

  const issued = outcome?.success ? outcome.data : outcome && isInvoice(outcome.data) ? outcome.data : null;

  return (
    <StaffModal opened={opened} onClose={onClose} title="Generar Factura Electrónica" size="lg">
      <Stack gap="md">
        <Paper withBorder p="sm" radius="md">
          <Group justify="space-between">
            <Text>
              Venta <strong>{sale.saleNumber}</strong>
            </Text>
            <Text fw={700} size="lg">
              Total: <Money value={sale.total} />
            </Text>
          </Group>
        </Paper>
        {status.simulator && issued?.status !== 'autorizada' && <SimulatorBadge />}
        {issued?.status === 'autorizada' ? (
          <>
            <Alert color="success" variant="light" role="status">
              {(outcome?.success && outcome.message) || MSG.invoiceGenerated}
            </Alert>
            <InvoiceSummary invoice={issued} />
            <Group justify="flex-end">
              <PrintInvoiceButton invoice={issued} sale={sale} status={status} />
              <Button variant="default" size="md" onClick={onClose}>
                Cerrar
              </Button>
            </Group>
          </>
        ) : issued ? (
          <>
            {outcome && !outcome.success && <ErrorAlert message={outcome.message} />}
            <InvoiceProblem invoice={issued} />
            <Group justify="flex-end">
              <Button variant="default" size="md" onClick={onClose}>
                Cerrar
              </Button>
            </Group>
          </>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <ErrorAlert message={(types.error ?? docTypes.error)?.message} />
              <TouchSelect
                label="Condición frente al IVA del comprador"
                data={conditionOptions(issuer).map((c) => ({ value: String(c), label: CONDICION_IVA_LABELS[c] }))}
                value={String(values.condicion)}
                onChange={(v) => v && setValues(withCondition(issuer, values, Number(v) as CondicionIvaReceptor))}
                required
              />
              <TouchSelect
                label="Tipo de comprobante"
                data={typeOptions(issuer, values.condicion).map((t) => ({ value: String(t), label: typeLabel(t) }))}
                value={values.tipo === null ? null : String(values.tipo)}
                onChange={(v) => setValues({ ...values, tipo: v ? (Number(v) as CbteTipo) : null })}
                error={showErrors && errors.tipo}
                required
              />
              <TouchSelect
                label="Tipo de documento"
                data={docOptions.map((d) => ({ value: String(d), label: docLabel(d) }))}
                value={values.docTipo === null ? null : String(values.docTipo)}
                onChange={(v) => setValues({ ...values, docTipo: v ? (Number(v) as DocTipo) : null, docNro: v === '99' ? '' : values.docNro })}
                error={showErrors && errors.docTipo}
                required
              />
              {values.docTipo !== 99 && (
                <TextInput
                  label="Número de documento"
                  description="Sin puntos ni guiones"
                  size="md"
                  inputMode="numeric"
                  value={values.docNro}
                  onChange={(e) => setValues({ ...values, docNro: e.currentTarget.value })}
                  error={showErrors && errors.docNro}
                  required
                />
              )}
              <TextInput
                label="Nombre o razón social"
                size="md"
                autoComplete="off"
                value={values.name}
                onChange={(e) => setValues({ ...values, name: e.currentTarget.value })}
                error={showErrors && errors.name}
                required={buyerRequired}
              />
              <TextInput
                label="Domicilio"
                size="md"
                autoComplete="off"
                value={values.address}
                onChange={(e) => setValues({ ...values, address: e.currentTarget.value })}
                error={showErrors && errors.address}
                required={buyerRequired}
              />
              <Alert color="info" variant="light" icon={<IconInfoCircle />}>
                La Factura C es para emisores Monotributo o venta a consumidor final de un monotributista; la Factura B es la que emite un
                Responsable Inscripto a consumidores finales y exentos (y la Factura A, a Responsables Inscriptos y monotributistas).
              </Alert>
              {outcome && !outcome.success && <ErrorAlert message={outcome.message} />}
              <Group justify="flex-end">
                <Button variant="default" size="md" onClick={onClose} disabled={sending}>
                  Cancelar
                </Button>
                <Button type="submit" size="md" leftSection={<IconFileInvoice size={18} />} loading={sending}>
                  Generar Factura
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </StaffModal>
  );
}
