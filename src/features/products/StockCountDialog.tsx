/**
 * Recuento (count session): the owner types the counted stock of the listed products (the current
 * filter), sees each difference, and applies them all as 'count' adjustments in one step (all or nothing).
 * A blank count means "not counted" and changes nothing.
 * A count never undoes what was sold meanwhile (issue #30): while the dialog is open the "Sistema" column
 * follows the server (the list refreshes), and the moment a row's quantity is typed its "Sistema" figure
 * freezes; the server records counted − that figure, so sales made after the count stay sold.
 */
import { Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { Product } from '../../api/products';
import { applyStockCount } from '../../api/stock';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { StaffModal } from '../../ui/StaffModal';

/**
 * The counted products whose count differs from the stock their row showed when counted (`shown`, else
 * the live stock); `invalid` names rows that are not whole numbers.
 */
export function countDifferences(products: Product[], counted: Record<number, string>, shown: Record<number, number> = {}) {
  const differences: { product: Product; shown: number; counted: number; delta: number }[] = [];
  const invalid: string[] = [];
  for (const product of products) {
    const raw = (counted[product.id] ?? '').trim();
    if (raw === '') continue;
    const base = shown[product.id] ?? product.stock;
    if (!/^\d+$/.test(raw)) invalid.push(product.name);
    else if (Number(raw) !== base) differences.push({ product, shown: base, counted: Number(raw), delta: Number(raw) - base });
  }
  return { differences, invalid };
}

/** The notice after applying: how many movements, and whether sales or adjustments made meanwhile were kept. */
export function countAppliedMessage(applied: { movedMeanwhile: number }[]): string {
  const moved = applied.filter((a) => a.movedMeanwhile !== 0).length;
  const kept = moved === 0 ? '' : `. Se mantuvieron las ventas y ajustes hechos mientras contabas (${moved} producto(s))`;
  return `Recuento aplicado: ${applied.length} ajuste(s)${kept}`;
}

export function StockCountDialog({
  opened,
  products,
  onClose,
  onApplied,
}: {
  opened: boolean;
  /** The listed products, kept current while the dialog is open. */
  products: Product[];
  onClose: () => void;
  onApplied: (message: string) => Promise<void>;
}) {
  const [counted, setCounted] = useState<Record<number, string>>({});
  /** Per counted row, the "Sistema" figure when its quantity was typed. */
  const [shown, setShown] = useState<Record<number, number>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setCounted({});
    setShown({});
    setError(null);
  }, [opened]);
  if (!opened) return null;
  const { differences, invalid } = countDifferences(products, counted, shown);

  const type = (product: Product, value: string) => {
    setCounted((c) => ({ ...c, [product.id]: value }));
    setShown((s) => {
      const { [product.id]: frozen, ...others } = s;
      if (value.trim() === '') return others;
      return { ...others, [product.id]: frozen ?? product.stock };
    });
  };

  const apply = async () => {
    if (invalid.length > 0) return setError(`Contado: debe ser un número entero ≥ 0 (${invalid.join(', ')})`);
    setSaving(true);
    const result = await applyStockCount(
      differences.map((d) => ({ productId: d.product.id, counted: d.counted, shown: d.shown })),
      'Recuento',
    );
    if (result.success) await onApplied(countAppliedMessage(result.data.applied));
    setSaving(false);
    if (!result.success) return setError(result.message);
  };

  return (
    <StaffModal opened onClose={onClose} size="xl" title="Recuento de stock">
      <Stack>
        <Text c="dimmed">
          Cargá lo que contaste. Los productos sin contar no cambian. Al cargar un producto, su stock del sistema queda fijo y se aplica la
          diferencia contra ese número: las ventas que se hagan mientras contás se mantienen.
        </Text>
        <ErrorAlert message={error} onClose={() => setError(null)} />
        <Table.ScrollContainer minWidth={560} mah="55vh">
          <Table striped verticalSpacing={4} aria-label="Recuento">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Código</Table.Th>
                <Table.Th>Nombre</Table.Th>
                <Table.Th ta="right">Sistema</Table.Th>
                <Table.Th w={120}>Contado</Table.Th>
                <Table.Th ta="right">Diferencia</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {products.map((p) => {
                const diff = differences.find((d) => d.product.id === p.id)?.delta;
                const frozen = shown[p.id];
                return (
                  <Table.Tr key={p.id}>
                    <Table.Td>{p.code ?? '—'}</Table.Td>
                    <Table.Td>{p.name}</Table.Td>
                    <Table.Td ta="right">
                      {frozen ?? p.stock}
                      {frozen !== undefined && frozen !== p.stock && (
                        <Text span c="dimmed" size="sm">
                          {` (ahora ${p.stock})`}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={`Contado ${p.name}`}
                        inputMode="numeric"
                        size="md"
                        value={counted[p.id] ?? ''}
                        onChange={(e) => type(p, e.currentTarget.value)}
                      />
                    </Table.Td>
                    <Table.Td ta="right" c={diff === undefined ? undefined : diff > 0 ? 'teal' : 'orange'}>
                      {diff === undefined ? '' : diff > 0 ? `+${diff}` : diff}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between">
          <Text aria-live="polite">{differences.length} diferencia(s)</Text>
          <Group>
            <Button variant="default" size="md" onClick={onClose}>
              Cancelar
            </Button>
            <Button size="md" loading={saving} disabled={differences.length === 0} onClick={apply}>
              Aplicar diferencias
            </Button>
          </Group>
        </Group>
      </Stack>
    </StaffModal>
  );
}
