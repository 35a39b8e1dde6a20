/**
 * "Para el contador" (issue #37, admin): a month and the files of that month's sales book: the two Libro IVA
 * Digital import files (comprobantes and alícuotas), the Excel sales book and IVA Simple's débito fiscal (CSV, with the
 * shop's activity code when typed). Each button downloads one file; a failure is shown, never saved as a file.
 */
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconFileText } from '@tabler/icons-react';
import { useState } from 'react';
import type { LibroIvaFile } from '../../../domain/schemas/accounting';
import { downloadIvaSimple, downloadLibroIva, downloadSalesBook, type AccountingPeriod } from '../../api/accounting';
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
  const [activity, setActivity] = useState('');
  const period = monthPeriod(month);
  const activityValid = activity === '' || /^\d{6}$/.test(activity);

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
        Los comprobantes autorizados del mes (CAE y CAEA, con sus notas de crédito), con el formato que importa el Libro IVA Digital de ARCA, el libro de ventas en Excel (notas de crédito en negativo) y el débito fiscal que pide IVA Simple.
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
      <Group align="flex-end" gap="md">
        <TextInput
          label="Código de actividad (opcional)"
          description="Los 6 dígitos de tu actividad en ARCA"
          size="md"
          inputMode="numeric"
          maxLength={6}
          value={activity}
          onChange={(e) => setActivity(e.currentTarget.value.trim())}
          error={activityValid ? undefined : 'Debe tener 6 dígitos'}
        />
        <Button size="md" variant="default" leftSection={<IconFileText size={18} />} disabled={!period || !activityValid} loading={busy === 'iva-simple'} onClick={() => void run('iva-simple', (p) => downloadIvaSimple(p, activity))}>
          IVA Simple (CSV)
        </Button>
      </Group>
    </Stack>
  );
}
