import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';

/** An es-AR date picker (DD/MM/YYYY, Spanish calendar); the value is "YYYY-MM-DD" or null. */
export function DateField({
  label,
  value,
  onChange,
  clearable = false,
}: {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  clearable?: boolean;
}) {
  return (
    <DatePickerInput
      label={label}
      value={value}
      onChange={onChange}
      valueFormat="DD/MM/YYYY"
      locale="es"
      placeholder="DD/MM/AAAA"
      clearable={clearable}
      clearButtonProps={{ 'aria-label': `Borrar ${label}`, style: { width: 44, height: 44 } }}
      rightSectionWidth={44}
      styles={{ day: { width: 44, height: 44 }, calendarHeaderControl: { width: 44, height: 44 }, calendarHeaderLevel: { height: 44 } }}
      size="md"
      leftSection={<IconCalendar size={18} />}
      popoverProps={{ zIndex: 500 }}
      miw={170}
    />
  );
}
