/**
 * «Imprimir etiquetas» (issue #35 item 5): the listed products or those of the last bulk price update,
 * each ticked or not; shelf labels (name, price, barcode, date) or barcode-only labels; copies per product;
 * on A4 through the browser's print dialog, or on the device's label/thermal printer when this browser is
 * a registered device set to print by network (when that printer does not answer, the A4 sheet opens in
 * the browser's dialog and the dialog says so). A barcode-only job leaves out (and names) products whose
 * code cannot be a barcode. Reached lazily from the products page: JsBarcode never loads elsewhere.
 */
import { Alert, Button, Checkbox, Group, ScrollArea, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { LABEL_MSG } from '../../../../domain/label-messages';
import type { PrinterSettings } from '../../../../domain/schemas/printing';
import { LABEL_LIMITS, planLabels, type LabelItem, type LabelKind, type LabelProduct } from '../../../../domain/shelf-labels';
import { formatDate, formatDateTime } from '../../../ui/dates';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { Money } from '../../../ui/Money';
import { StaffModal } from '../../../ui/StaffModal';
import { LabelSheet } from './LabelSheet';
import { networkPrinter, printLabelsOnNetwork } from './network-labels';
import type { Repriced } from './repriced-store';

/** Rows shown in the dialog's list; the choice still covers every listed product. */
const SHOWN_ROWS = 300;

type Source = 'listed' | 'repriced';
const NONE: LabelProduct[] = [];
type Output = 'a4' | 'network';

export interface LabelsDialogProps {
  opened: boolean;
  /** The products the page lists (its filters applied). */
  listed: LabelProduct[];
  /** The products whose price the last bulk update made from this browser changed, at their new price. */
  lastRepriced: Repriced | null;
  onClose: () => void;
  /** A printer job was sent (the page shows the notice). */
  onSent: (message: string) => void;
}

function printSheet(): void {
  document.body.classList.add('labels-printing');
  window.addEventListener('afterprint', () => document.body.classList.remove('labels-printing'), { once: true });
  window.print();
}

export default function LabelsDialog({ opened, listed, lastRepriced, onClose, onSent }: LabelsDialogProps) {
  const repriced = lastRepriced?.products ?? NONE;
  const [source, setSource] = useState<Source>('listed');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [kind, setKind] = useState<LabelKind>('shelf');
  const [copies, setCopies] = useState('1');
  const [output, setOutput] = useState<Output>('a4');
  const [printer, setPrinter] = useState<PrinterSettings | null>(null);
  const [sheet, setSheet] = useState<{ labels: LabelItem[]; kind: LabelKind } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const candidates = source === 'listed' ? listed : repriced;

  useEffect(() => {
    if (!opened) return;
    setSource(repriced.length > 0 ? 'repriced' : 'listed');
    setError(null);
    setSheet(null);
    let live = true;
    void networkPrinter()
      .catch(() => null)
      .then((found) => {
        if (!live) return;
        setPrinter(found);
        setOutput(found ? 'network' : 'a4');
      });
    return () => {
      live = false;
    };
  }, [opened, repriced.length]);
  useEffect(() => setSelected(new Set(candidates.map((p) => p.id))), [candidates]);
  useEffect(() => setError(null), [selected, copies, kind, source]);
  // The sheet is in the page (its barcodes drawn by their layout effects): open the print dialog.
  useEffect(() => {
    if (sheet) printSheet();
  }, [sheet]);
  useEffect(() => {
    if (!opened) document.body.classList.remove('labels-printing');
    return () => document.body.classList.remove('labels-printing');
  }, [opened]);

  const chosen = candidates.filter((p) => selected.has(p.id));
  const copiesNumber = /^\d+$/.test(copies.trim()) ? Number(copies.trim()) : NaN;
  const copiesValid = Number.isInteger(copiesNumber) && copiesNumber >= 1 && copiesNumber <= LABEL_LIMITS.maxCopies;
  const plan = planLabels(chosen, kind, copiesValid ? copiesNumber : 1);
  const allTicked = candidates.length > 0 && chosen.length === candidates.length;
  const dateText = LABEL_MSG.printedOn(formatDate(new Date().toISOString()));

  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const print = async () => {
    setError(null);
    if (chosen.length === 0) return setError(LABEL_MSG.noneSelected);
    if (!copiesValid) return setError(LABEL_MSG.copiesInvalid);
    if (plan.labels.length === 0) return setError(LABEL_MSG.nothingToPrint);
    if (plan.labels.length > LABEL_LIMITS.maxLabels) return setError(LABEL_MSG.tooMany(plan.labels.length));
    if (output === 'a4' || !printer) {
      setSheet({ labels: plan.labels, kind });
      return;
    }
    setBusy(true);
    const sent = await printLabelsOnNetwork(plan.labels, kind, printer.width, dateText);
    setBusy(false);
    if (sent.ok) return onSent(LABEL_MSG.sentToPrinter(plan.labels.length));
    // As at the counter: the printer did not take them, so the A4 sheet opens in the browser's dialog.
    setOutput('a4');
    setSheet({ labels: plan.labels, kind });
    setError(sent.message);
  };

  return (
    <StaffModal opened={opened} onClose={onClose} size="xl" title={LABEL_MSG.title}>
      <Stack>
        <ErrorAlert message={error} onClose={() => setError(null)} />
        <SegmentedControl
          size="md"
          aria-label="Productos"
          value={source}
          onChange={(v) => setSource(v as Source)}
          data={[
            { value: 'listed', label: `Listados (${listed.length})` },
            {
              value: 'repriced',
              label: lastRepriced ? `Última actualización de precios (${repriced.length}, ${formatDateTime(lastRepriced.at)})` : 'Última actualización de precios (0)',
              disabled: repriced.length === 0,
            },
          ]}
        />
        <ScrollArea.Autosize mah="32vh">
          <Table striped verticalSpacing={2} aria-label="Productos para etiquetas">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={52}>
                  <Checkbox
                    size="md"
                    aria-label="Elegir todos"
                    checked={allTicked}
                    indeterminate={chosen.length > 0 && !allTicked}
                    onChange={(e) => setSelected(e.currentTarget.checked ? new Set(candidates.map((p) => p.id)) : new Set())}
                  />
                </Table.Th>
                <Table.Th>Código</Table.Th>
                <Table.Th>Nombre</Table.Th>
                <Table.Th ta="right">Precio</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {candidates.slice(0, SHOWN_ROWS).map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <Checkbox size="md" aria-label={`Elegir ${p.name}`} checked={selected.has(p.id)} onChange={(e) => toggle(p.id, e.currentTarget.checked)} />
                  </Table.Td>
                  <Table.Td>{p.code ?? '—'}</Table.Td>
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td ta="right">
                    <Money value={p.price} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        {candidates.length > SHOWN_ROWS && <Text c="dimmed">Se muestran {SHOWN_ROWS} de {candidates.length}: filtrá la lista de productos para ver otros.</Text>}
        <Group align="flex-end" grow>
          <SegmentedControl
            size="md"
            aria-label="Tipo de etiqueta"
            value={kind}
            onChange={(v) => setKind(v as LabelKind)}
            data={[
              { value: 'shelf', label: 'Góndola (precio)' },
              { value: 'barcode', label: 'Solo código de barras' },
            ]}
          />
          <TextInput size="md" inputMode="numeric" label="Copias por producto" value={copies} onChange={(e) => setCopies(e.currentTarget.value)} error={copiesValid ? undefined : LABEL_MSG.copiesInvalid} />
        </Group>
        {printer && (
          <SegmentedControl
            size="md"
            aria-label="Imprimir en"
            value={output}
            onChange={(v) => setOutput(v as Output)}
            data={[
              { value: 'network', label: `Impresora de etiquetas (${printer.width} mm)` },
              { value: 'a4', label: 'Hoja A4' },
            ]}
          />
        )}
        {plan.withoutBarcode.length > 0 && (
          <Alert color="yellow" variant="light">
            {LABEL_MSG.withoutBarcode(plan.withoutBarcode.map((p) => p.name))}
          </Alert>
        )}
        <Group justify="space-between">
          <Text aria-live="polite">{`${plan.labels.length} etiqueta(s)${output === 'a4' || !printer ? ' en hoja A4' : ''}`}</Text>
          <Group>
            <Button variant="default" size="md" onClick={onClose}>
              Cancelar
            </Button>
            <Button size="md" loading={busy} onClick={() => void print()}>
              Imprimir
            </Button>
          </Group>
        </Group>
      </Stack>
      {opened && sheet && <LabelSheet labels={sheet.labels} kind={sheet.kind} dateText={dateText} />}
    </StaffModal>
  );
}
