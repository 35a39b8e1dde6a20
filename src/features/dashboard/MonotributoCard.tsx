/**
 * Dashboard card for a monotributo issuer (admins, issue #37.4): what was invoiced in the last 12 months (authorized
 * invoices minus credit notes, CAE and CAEA) against the shop's category and the next one, a warning at 80, 90 and
 * 100 % of the cap and at the top category, and the next recategorisations. Absent for a Responsable Inscripto.
 * A failed load shows the error and "Reintentar", never a figure beside it.
 */
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconScale } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { formatMoney } from '../../../domain/money';
import type { MonotributoStatus } from '../../../domain/schemas/monotributo';
import { fetchMonotributoStatus } from '../../api/accounting';
import { unwrap } from '../../api/unwrap';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { Money } from '../../ui/Money';
import { monotributoKeys } from '../settings/monotributo/MonotributoSection';

type Tracked = Extract<MonotributoStatus, { applies: true }>;

/** "2026-11-27" → "27/11/2026". */
const dmy = (day: string) => day.split('-').reverse().join('/');
const MONTHS: Record<string, string> = { '01': 'enero', '07': 'julio' };
const percentText = (p: number) => `${new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 }).format(p)} %`;

function warning(s: Tracked): { title: string; text: string; color: string } | null {
  if (!s.current) return null;
  const cat = s.current.category;
  const exclusion = 'superar el tope de la categoría más alta excluye del régimen simplificado (pasás al régimen general)';
  if (s.atTop && s.over) return { title: `Superaste el tope de la categoría ${cat}, la más alta`, text: `Consultá a tu contador: ${exclusion}.`, color: 'error' };
  if (s.over) return { title: `Superaste el tope de la categoría ${cat}`, text: `Con lo facturado corresponde la categoría ${s.fitsIn ?? 'más alta'}: recategorizate en la próxima ventana.`, color: 'error' };
  if (s.level === 100) return { title: `Llegaste al tope de la categoría ${cat}`, text: s.atTop ? `Es la categoría más alta: ${exclusion}.` : 'Cualquier factura más te pasa a la categoría siguiente.', color: 'error' };
  if (s.level > 0) return { title: `Llegaste al ${s.level} % del tope de la categoría ${cat}`, text: s.atTop ? `Es la categoría más alta: ${exclusion}.` : `Te quedan ${formatMoney(s.current.cap - s.total)} hasta el tope.`, color: s.level === 90 ? 'error' : 'warning' };
  if (s.atTop) return { title: `Categoría ${cat}, la más alta`, text: `No hay categoría siguiente: ${exclusion}.`, color: 'warning' };
  return null;
}

export function MonotributoCard() {
  const status = useQuery({ queryKey: monotributoKeys.status, queryFn: () => unwrap(fetchMonotributoStatus()), staleTime: 60_000, retry: false });
  if (status.error && !status.data) {
    return (
      <Paper withBorder p="md" radius="md" role="group" aria-label="Monotributo">
        <Group justify="space-between">
          <ErrorAlert message={status.error.message} />
          <Button size="md" variant="default" onClick={() => void status.refetch()} loading={status.isFetching}>
            Reintentar
          </Button>
        </Group>
      </Paper>
    );
  }
  const s = status.data;
  if (!s || !s.applies) return null;
  const warn = warning(s);
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label="Monotributo" data-testid="monotributo-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4">
            Monotributo: últimos 12 meses
          </Title>
          <IconScale size={26} aria-hidden />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <div>
            <Text size="sm" c="dimmed" fw={500}>
              Facturado
            </Text>
            <Text fz={26} fw={600} data-testid="monotributo-total">
              <Money value={s.total} />
            </Text>
            <Text size="xs" c="dimmed">
              {`Del ${dmy(s.window.from)} al ${dmy(s.window.to)}: facturas menos notas de crédito autorizadas (CAE y CAEA)`}
            </Text>
          </div>
          <div>
            <Text size="sm" c="dimmed" fw={500}>
              {s.current ? `Categoría ${s.current.category}` : 'Categoría'}
            </Text>
            {s.current ? (
              <>
                <Text fz={26} fw={600} data-testid="monotributo-percent">
                  {s.percent === null ? '—' : percentText(s.percent)}
                </Text>
                <Text size="xs" c="dimmed">
                  Tope <Money value={s.current.cap} />
                </Text>
              </>
            ) : (
              <Text size="sm">
                Elegí tu categoría en{' '}
                <Anchor component={Link} to="/settings?tab=facturacion" td="underline">
                  Configuración → Facturación electrónica
                </Anchor>
                {s.fitsIn ? `. Por lo facturado correspondería la ${s.fitsIn}.` : '.'}
              </Text>
            )}
          </div>
          <div>
            <Text size="sm" c="dimmed" fw={500}>
              Categoría siguiente
            </Text>
            {s.next ? (
              <>
                <Text fz={26} fw={600}>
                  {s.next.category}
                </Text>
                <Text size="xs" c="dimmed">
                  Tope <Money value={s.next.cap} />
                </Text>
              </>
            ) : (
              <Text size="sm">{s.current ? 'Ninguna: es la categoría más alta' : '—'}</Text>
            )}
          </div>
        </SimpleGrid>
        {warn && (
          <Alert color={warn.color} variant="light" icon={<IconAlertTriangle />} title={warn.title} role="alert">
            {warn.text}
          </Alert>
        )}
        <Text size="sm">
          {'Próximas recategorizaciones: '}
          {s.recategorisations
            .map((r) => `${MONTHS[r.month.slice(5)]} ${r.month.slice(0, 4)} (hasta el ${dmy(r.deadline)}; evalúa del ${dmy(r.evaluates.from)} al ${dmy(r.evaluates.to)})`)
            .join(' y ')}
          .
        </Text>
        <Text size="xs" c="dimmed">
          {`Tabla: ${s.source} Vigente desde el ${dmy(s.validFrom)}. Es información para seguir tus topes, no asesoramiento impositivo.`}
        </Text>
      </Stack>
    </Paper>
  );
}
