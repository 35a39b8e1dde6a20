import { Button, Group, TextInput } from '@mantine/core';
import { IconFilter, IconSearch } from '@tabler/icons-react';
import { PAYMENT_METHODS, PAYMENT_STATUSES, type PaymentMethod, type PaymentStatus } from '../../../domain/constants';
import { DateRangeFilter } from '../../ui/DateRangeFilter';
import { TouchSelect } from '../../ui/TouchSelect';
import { PAYMENT_METHOD_LABELS } from '../../ui/sale-labels';

const STATUS_LABELS: Record<PaymentStatus, string> = { pagado: 'Pagado', pendiente: 'Pendiente', cancelado: 'Cancelado' };

export interface SalesFilterValues {
  startDate: string | null;
  endDate: string | null;
  paymentMethod: PaymentMethod | '';
  status: PaymentStatus | '';
  /** A user id as text, '' for every seller. */
  userId: string;
  search: string;
}

export const emptySalesFilters = (): SalesFilterValues => ({ startDate: null, endDate: null, paymentMethod: '', status: '', userId: '', search: '' });

const METHOD_OPTIONS = [{ value: '', label: 'Todos' }, ...PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))];
const STATUS_OPTIONS = [{ value: '', label: 'Todos' }, ...PAYMENT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))];

export interface SalesFiltersProps {
  value: SalesFilterValues;
  onChange: (v: SalesFilterValues) => void;
  onApply: () => void;
  /** Sellers to filter by; null hides the filter (a seller cannot list users). */
  sellers: { value: string; label: string }[] | null;
}

/** Buscar, Fecha Desde, Fecha Hasta, Método de Pago, Estado, Vendedor and "Filtrar" (Enter in Buscar filters too). */
export function SalesFilters({ value, onChange, onApply, sellers }: SalesFiltersProps) {
  return (
    <Group align="flex-end" gap="md">
      <TextInput
        size="md"
        label="Buscar"
        placeholder="Número, cliente o producto"
        leftSection={<IconSearch size={18} />}
        maxLength={100}
        value={value.search}
        onChange={(e) => onChange({ ...value, search: e.currentTarget.value })}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onApply();
        }}
        w={260}
      />
      <DateRangeFilter
        start={value.startDate}
        end={value.endDate}
        onStartChange={(startDate) => onChange({ ...value, startDate })}
        onEndChange={(endDate) => onChange({ ...value, endDate })}
        clearable
      />
      <TouchSelect
        label="Método de Pago"
        data={METHOD_OPTIONS}
        value={value.paymentMethod}
        onChange={(v) => onChange({ ...value, paymentMethod: (v ?? '') as PaymentMethod | '' })}
        w={180}
      />
      <TouchSelect label="Estado" data={STATUS_OPTIONS} value={value.status} onChange={(v) => onChange({ ...value, status: (v ?? '') as PaymentStatus | '' })} w={150} />
      {sellers && (
        <TouchSelect
          label="Vendedor"
          data={[{ value: '', label: 'Todos' }, ...sellers]}
          value={value.userId}
          onChange={(v) => onChange({ ...value, userId: v ?? '' })}
          w={200}
        />
      )}
      <Button size="md" leftSection={<IconFilter size={18} />} onClick={onApply}>
        Filtrar
      </Button>
    </Group>
  );
}
