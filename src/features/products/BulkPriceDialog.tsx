/**
 * "Actualizar precios": by category, brand or the listed products; a percentage or a fixed amount; a
 * rounding rule; a preview of old and new prices before anything is written. Applying is one request
 * (all or nothing; each product under a revision of its own, so tablets pull every new price).
 * The fixed amount is read by the es-AR money reader ("1.500" = $ 1.500), with a leading "-" to lower prices.
 */
import { Button, Group, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { fromCents } from '../../../domain/money';
import { parseMoneyInput } from '../../../domain/money-input';
import type { PriceChangeDto } from '../../../domain/schemas/price-update';
import { applyPrices, previewPrices, type PriceUpdatePayload, type Product } from '../../api/products';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { Money } from '../../ui/Money';
import { StaffModal } from '../../ui/StaffModal';
import { TouchSelect } from '../../ui/TouchSelect';
import type { Option } from './useCatalogOptions';

const ROUNDINGS = [
  { value: 'none', label: 'Sin redondeo' },
  { value: '10', label: 'A $ 10' },
  { value: '100', label: 'A $ 100' },
  { value: '99', label: 'Terminado en 99' },
];

export interface BulkPriceDialogProps {
  opened: boolean;
  listed: Product[];
  categoryOptions: Option[];
  brandOptions: Option[];
  onClose: () => void;
  /**
   * Resolves once the product list shows the new prices (the dialog keeps its spinner until then);
   * `changed` are the previewed products at their new price (for «Imprimir etiquetas»).
   */
  onApplied: (message: string, changed: PriceChangeDto[]) => Promise<void>;
}

export function BulkPriceDialog({ opened, listed, categoryOptions, brandOptions, onClose, onApplied }: BulkPriceDialogProps) {
  const [scope, setScope] = useState<PriceUpdatePayload['scope']>('category');
  const [target, setTarget] = useState<string | null>(null);
  const [mode, setMode] = useState<PriceUpdatePayload['mode']>('percent');
  const [value, setValue] = useState('');
  const [rounding, setRounding] = useState<PriceUpdatePayload['rounding']>('none');
  const [preview, setPreview] = useState<PriceChangeDto[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setPreview(null), [scope, target, mode, value, rounding]);
  useEffect(() => {
    if (!opened) return;
    setValue('');
    setTarget(null);
    setError(null);
  }, [opened]);

  const payload = (): PriceUpdatePayload | string => {
    const text = value.trim();
    let amount: number;
    if (mode === 'percent') {
      amount = Number(text.replace(',', '.'));
      if (text === '' || !Number.isFinite(amount)) return 'Porcentaje: debe ser un número';
    } else {
      const negative = text.startsWith('-');
      const parsed = parseMoneyInput(negative ? text.slice(1) : text);
      if (!parsed.ok) return `Monto fijo: ${parsed.message}`;
      if (parsed.cents === null) return 'Monto fijo: debe ser un número';
      amount = fromCents(negative ? -parsed.cents : parsed.cents);
    }
    const base = { mode, value: amount, rounding };
    if (scope === 'selection') return { ...base, scope, productIds: listed.map((p) => p.id) };
    if (!target) return scope === 'category' ? 'Categoría: es obligatoria' : 'Marca: es obligatoria';
    return scope === 'category' ? { ...base, scope, categoryId: Number(target) } : { ...base, scope, brandId: Number(target) };
  };

  const run = async (apply: boolean) => {
    const body = payload();
    if (typeof body === 'string') return setError(body);
    setBusy(true);
    setError(null);
    if (apply) {
      const result = await applyPrices(body);
      if (result.success) await onApplied(result.message ?? 'Precios actualizados', preview ?? []);
      setBusy(false);
      if (!result.success) return setError(result.message);
    } else {
      const result = await previewPrices(body);
      setBusy(false);
      if (!result.success) return setError(result.message);
      setPreview(result.data);
    }
  };

  return (
    <StaffModal opened={opened} onClose={onClose} size="xl" title="Actualizar precios">
      <Stack>
        <ErrorAlert message={error} onClose={() => setError(null)} />
        <SegmentedControl
          size="md"
          aria-label="Productos a actualizar"
          value={scope}
          onChange={(v) => setScope(v as PriceUpdatePayload['scope'])}
          data={[
            { value: 'category', label: 'Por categoría' },
            { value: 'brand', label: 'Por marca' },
            { value: 'selection', label: `Listados (${listed.length})` },
          ]}
        />
        {scope !== 'selection' && (
          <TouchSelect
            label={scope === 'category' ? 'Categoría' : 'Marca'}
            data={scope === 'category' ? categoryOptions : brandOptions}
            value={target}
            onChange={setTarget}
            searchable
          />
        )}
        <Group align="flex-end" grow>
          <SegmentedControl
            size="md"
            aria-label="Tipo de cambio"
            value={mode}
            onChange={(v) => setMode(v as PriceUpdatePayload['mode'])}
            data={[
              { value: 'percent', label: 'Porcentaje' },
              { value: 'amount', label: 'Monto fijo' },
            ]}
          />
          <TextInput
            size="md"
            inputMode="decimal"
            label={mode === 'percent' ? 'Porcentaje (%)' : 'Monto fijo ($)'}
            description="Negativo para bajar"
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
          />
          <TouchSelect label="Redondeo" data={ROUNDINGS} value={rounding} onChange={(v) => setRounding((v ?? 'none') as PriceUpdatePayload['rounding'])} />
        </Group>
        {preview && (
          <>
            <Text aria-live="polite">{preview.length === 0 ? 'Ningún precio cambia con estos valores.' : `${preview.length} producto(s) cambian de precio`}</Text>
            {preview.length > 0 && (
              <Table.ScrollContainer minWidth={520} mah="40vh">
                <Table striped verticalSpacing={4} aria-label="Vista previa de precios">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Código</Table.Th>
                      <Table.Th>Nombre</Table.Th>
                      <Table.Th ta="right">Precio actual</Table.Th>
                      <Table.Th ta="right">Precio nuevo</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {preview.map((c) => (
                      <Table.Tr key={c.id}>
                        <Table.Td>{c.code ?? '—'}</Table.Td>
                        <Table.Td>{c.name}</Table.Td>
                        <Table.Td ta="right">
                          <Money value={c.oldPrice} />
                        </Table.Td>
                        <Table.Td ta="right" fw={600}>
                          <Money value={c.newPrice} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" size="md" onClick={onClose}>
            Cancelar
          </Button>
          <Button variant="light" size="md" loading={busy && !preview} onClick={() => run(false)}>
            Vista previa
          </Button>
          <Button size="md" loading={busy && Boolean(preview)} disabled={!preview || preview.length === 0} onClick={() => run(true)}>
            {preview && preview.length > 0 ? `Aplicar a ${preview.length} producto(s)` : 'Aplicar'}
          </Button>
        </Group>
      </Stack>
    </StaffModal>
  );
}
