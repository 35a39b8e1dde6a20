/**
 * "Ajustar stock": a reason (ingreso, recuento, rotura/pérdida, devolución a proveedor, otro), a quantity
 * and a note; shows the resulting stock before saving. The server records the movement with who and when.
 */
import { Button, Group, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { AdjustmentReason } from '../../../domain/schemas/stock';
import type { Product } from '../../api/products';
import { adjustStock } from '../../api/stock';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { StaffModal } from '../../ui/StaffModal';

const REASONS: { value: AdjustmentReason; label: string; quantityLabel: string }[] = [
  { value: 'purchase', label: 'Ingreso de mercadería', quantityLabel: 'Cantidad que ingresa' },
  { value: 'count', label: 'Recuento', quantityLabel: 'Stock contado' },
  { value: 'loss', label: 'Rotura / pérdida', quantityLabel: 'Cantidad perdida' },
  { value: 'supplier_return', label: 'Devolución a proveedor', quantityLabel: 'Cantidad devuelta' },
  { value: 'other', label: 'Otro', quantityLabel: 'Cambio (+ suma, − resta)' },
];

/** The stock after the adjustment, or null while the quantity is not a whole number. */
export function stockAfter(stock: number, reason: AdjustmentReason, raw: string): number | null {
  const text = raw.trim().replace('−', '-');
  if (!/^-?\d+$/.test(text)) return null;
  const n = Number(text);
  if (reason === 'purchase' || reason === 'other') return stock + n;
  if (reason === 'count') return n;
  return stock - n;
}

export function StockAdjustDialog({ product, onClose, onSaved }: { product: Product | null; onClose: () => void; onSaved: (message: string) => Promise<void> }) {
  const [reason, setReason] = useState<AdjustmentReason>('purchase');
  const [quantity, setQuantity] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setReason('purchase');
    setQuantity('');
    setNote('');
    setError(null);
  }, [product]);
  if (!product) return null;
  const after = stockAfter(product.stock, reason, quantity);
  const current = REASONS.find((r) => r.value === reason) ?? REASONS[0];

  const save = async () => {
    if (after === null) return setError('Cantidad: debe ser un número entero');
    setSaving(true);
    // A recuento is relative to the stock this dialog showed: sales made since it opened stay (issue #30).
    const shown = reason === 'count' ? product.stock : undefined;
    const result = await adjustStock(product.id, { reason, quantity: Number(quantity.trim().replace('−', '-')), note: note.trim() || null, shown });
    if (result.success) await onSaved(result.message ?? 'Ajuste de stock registrado');
    setSaving(false);
    if (!result.success) return setError(result.message);
  };

  return (
    <StaffModal opened onClose={onClose} title={`Ajustar stock: ${product.name}`}>
      <Stack>
        <ErrorAlert message={error} onClose={() => setError(null)} />
        <SegmentedControl
          orientation="vertical"
          fullWidth
          size="md"
          aria-label="Motivo"
          value={reason}
          onChange={(v) => setReason(v as AdjustmentReason)}
          data={REASONS.map((r) => ({ value: r.value, label: r.label }))}
        />
        <TextInput label={current.quantityLabel} inputMode="numeric" size="md" value={quantity} onChange={(e) => setQuantity(e.currentTarget.value)} />
        <Textarea label={reason === 'other' ? 'Nota (obligatoria)' : 'Nota'} size="md" maxLength={300} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
        <Text aria-live="polite">
          Stock actual: <b>{product.stock}</b> → después del ajuste: <b>{after ?? '—'}</b>
        </Text>
        <Group justify="flex-end">
          <Button variant="default" size="md" onClick={onClose}>
            Cancelar
          </Button>
          <Button size="md" loading={saving} onClick={save}>
            Registrar ajuste
          </Button>
        </Group>
      </Stack>
    </StaffModal>
  );
}
