import { DateField } from './DateField';

/** Two es-AR date pickers (from, to) whose values are "YYYY-MM-DD" or null. */
export function DateRangeFilter({
  start,
  end,
  onStartChange,
  onEndChange,
  startLabel = 'Fecha Desde',
  endLabel = 'Fecha Hasta',
  clearable = false,
}: {
  start: string | null;
  end: string | null;
  onStartChange: (value: string | null) => void;
  onEndChange: (value: string | null) => void;
  startLabel?: string;
  endLabel?: string;
  clearable?: boolean;
}) {
  return (
    <>
      <DateField label={startLabel} value={start} onChange={onStartChange} clearable={clearable} />
      <DateField label={endLabel} value={end} onChange={onEndChange} clearable={clearable} />
    </>
  );
}
