import { Button, Group } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../domain/constants';
import { DateRangeFilter } from '../../ui/DateRangeFilter';
import { TouchSelect } from '../../ui/TouchSelect';
import { PAYMENT_METHOD_LABELS } from '../../ui/sale-labels';

export interface SalesFilterValues {
  startDate: string | null;
  endDate: string | null;
  paymentMethod: PaymentMethod | '';
}

const METHOD_OPTIONS = [{ value: '', label: 'Todos' }, ...PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))];

/** Fecha Desde, Fecha Hasta, Método de Pago and "Filtrar". */
export function SalesFilters({ value, onChange, onApply }: { value: SalesFilterValues; onChange: (v: SalesFilterValues) => void; onApply: () => void }) {
  return (
    <Group align="flex-end" gap="md">
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
        w={200}
      />
      <Button size="md" leftSection={<IconFilter size={18} />} onClick={onApply}>
        Filtrar
      </Button>
    </Group>
  );
}
