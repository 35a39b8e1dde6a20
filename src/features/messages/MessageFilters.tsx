import { Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { CONTACT_STATUSES, type ContactStatus } from '../../../domain/constants';
import { DateRangeFilter } from '../../ui/DateRangeFilter';
import { TouchSelect } from '../../ui/TouchSelect';
import { MESSAGE_STATUS } from './message-labels';

export interface MessageFilterValues {
  search: string;
  status: ContactStatus | null;
  startDate: string | null;
  endDate: string | null;
}

const STATUS_OPTIONS = [{ value: '', label: 'Todos los estados' }, ...CONTACT_STATUSES.map((s) => ({ value: s, label: MESSAGE_STATUS[s].label }))];

/** Search by name, e-mail or subject; status; date from; date to. */
export function MessageFilters({ value, onChange }: { value: MessageFilterValues; onChange: (v: MessageFilterValues) => void }) {
  return (
    <Group align="flex-end" gap="md">
      <TextInput
        label="Buscar"
        placeholder="Nombre, email o asunto"
        size="md"
        leftSection={<IconSearch size={18} />}
        value={value.search}
        onChange={(e) => onChange({ ...value, search: e.currentTarget.value })}
        style={{ flex: '1 1 240px' }}
      />
      <TouchSelect
        label="Estado"
        data={STATUS_OPTIONS}
        value={value.status ?? ''}
        onChange={(v) => onChange({ ...value, status: (v || null) as ContactStatus | null })}
        w={200}
      />
      <DateRangeFilter
        start={value.startDate}
        end={value.endDate}
        startLabel="Desde"
        endLabel="Hasta"
        onStartChange={(startDate) => onChange({ ...value, startDate })}
        onEndChange={(endDate) => onChange({ ...value, endDate })}
        clearable
      />
    </Group>
  );
}
