/**
 * Recuento (count session): the owner types the counted stock of the listed products (the current
 * filter), sees each difference, and applies them all as 'count' adjustments in one step (all or nothing).
 * A blank count means "not counted" and changes nothing.
 */
import { Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { Product } from '../../api/products';
import { applyStockCount } from '../../api/stock';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { StaffModal } from '../../ui/StaffModal';

/** The counted products whose count differs from the system stock; `invalid` names rows that are not whole numbers. */
export function countDifferences(products: Product[], counted: Record<number, string>) {
  const differences: { product: Product; counted: number; delta: number }[] = [];
  const invalid: string[] = [];
  for (const product of products) {
    const raw = (counted[product.id] ?? '').trim();
    if (raw === '') continue;
    if (!/^\d+$/.test(raw)) invalid.push(product.name);
    else if (Number(raw) !== product.stock) differences.push({ product, counted: Number(raw), delta: Number(raw) - product.stock });
  }
  return { differences, invalid };
}

export function StockCountDialog({ products, onClose, onApplied }: { products: Product[] | null; onClose: () => void; onApplied: (message: string) => Promise<void> }) {
  const [counted, setCounted] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setCounted({});
    setError(null);
  }, [products]);
  if (!products) return null;
  const { differences, invalid } = countDifferences(products, counted);

  const apply = async () => {
    if (invalid.length > 0) return setError(`Contado: debe ser un número entero ≥ 0 (${invalid.join(', ')})`);
    setSaving(true);
    const result = await applyStockCount(
      differences.map((d) => ({ productId: d.product.id, counted: d.counted })),
      'Recuento',
    );
    if (result.success) await onApplied(`Recuento aplicado: ${result.data.applied.length} ajuste(s)`);
    setSaving(false);
    if (!result.success) return setError(result.message);
  };

  return (
    <StaffModal opened onClose={onClose} size="xl" title="Recuento de stock">
      <Stack>
        <Text c="dimmed">Cargá lo que contaste. Los productos sin contar no cambian.</Text>
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
                return (
                  <Table.Tr key={p.id}>
                    <Table.Td>{p.code ?? '—'}</Table.Td>
                    <Table.Td>{p.name}</Table.Td>
                    <Table.Td ta="right">{p.stock}</Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={`Contado ${p.name}`}
                        inputMode="numeric"
                        size="md"
                        value={counted[p.id] ?? ''}
                        onChange={(e) => {
                          const value = e.currentTarget.value;
                          setCounted((c) => ({ ...c, [p.id]: value }));
                        }}
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
