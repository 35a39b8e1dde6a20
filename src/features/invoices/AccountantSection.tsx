/**
 * "Para el contador" (issue #37, admin): a month and the files of that month's sales book: the two Libro IVA
 * Digital import files (comprobantes and alícuotas) and the Excel sales book. Each button downloads one file; a failure is shown, never
 * saved as a file.
 */
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconFileText } from '@tabler/icons-react';
import { useState } from 'react';
import type { LibroIvaFile } from '../../../domain/schemas/accounting';
import { downloadLibroIva, downloadSalesBook, type AccountingPeriod } from '../../api/accounting';
import { todayString } from '../../ui/dates';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { saveFile } from '../../ui/save-file';

/** "2026-11" → the first and last day of that month. */
export function monthPeriod(month: string): AccountingPeriod | null {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return null;
  const [y, m] = [Number(match[1]), Number(match[2])];
  if (m < 1 || m > 12) return null;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { startDate: `${match[1]}-${match[2]}-01`, endDate: `${match[1]}-${match[2]}-${String(last).padStart(2, '0')}` };
}

/** The month before today's: the one the accountant usually asks for. */
function previousMonth(): string {
  const [y, m] = todayString().split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

const FILES: { file: LibroIvaFile; label: string }[] = [
  { file: 'comprobantes', label: 'Libro IVA: comprobantes' },
  { file: 'alicuotas', label: 'Libro IVA: alícuotas' },
];

export function AccountantSection() {
  const [month, setMonth] = useState(previousMonth);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const period = monthPeriod(month);

  const run = async (key: string, download: (p: AccountingPeriod) => ReturnType<typeof downloadSalesBook>) => {
    if (!period) return;
    setBusy(key);
    setError(null);
    const result = await download(period);
    setBusy(null);
    if (result.success) saveFile(result.blob, result.filename);
    else setError(result.message);
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="accountant-title">
      <Title order={2} size="h3" id="accountant-title">
        Para el contador
      </Title>
      <Text size="sm" c="dimmed">
        Los comprobantes autorizados del mes (CAE y CAEA, con sus notas de crédito), con el formato que importa el Libro IVA Digital de ARCA, y el libro de ventas en Excel (notas de crédito en negativo).
      </Text>
      <ErrorAlert message={error} onClose={() => setError(null)} />
      <Group align="flex-end" gap="md">
        <TextInput type="month" label="Mes" size="md" value={month} onChange={(e) => setMonth(e.currentTarget.value)} error={period ? undefined : 'Elegí un mes'} />
        {FILES.map(({ file, label }) => (
          <Button key={file} size="md" variant="default" leftSection={<IconFileText size={18} />} disabled={!period} loading={busy === file} onClick={() => void run(file, (p) => downloadLibroIva(file, p))}>
            {label}
          </Button>
        ))}
        <Button size="md" variant="default" leftSection={<IconFileSpreadsheet size={18} />} disabled={!period} loading={busy === 'excel'} onClick={() => void run('excel', downloadSalesBook)}>
          Libro de ventas (Excel)
        </Button>
      </Group>
    </Stack>
  );
}
