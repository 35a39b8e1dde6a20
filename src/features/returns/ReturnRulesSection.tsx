/**
 * Configuración → Permisos → «Devoluciones en el mostrador» (admin): whether sellers may take returns, up to
 * how many days after the sale, and the most they may refund per sale without an admin (domain
 * sale-returns-rules.ts; the server enforces them on every seller's return). The switch saves at once; the
 * two limits save with «Guardar límites», checked by the same rules as the server before anything is sent.
 */
import { Button, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MSG } from '../../../domain/messages';
import { formatCents } from '../../../domain/money';
import { parseMoneyInput } from '../../../domain/money-input';
import { RETURN_RULES_CATEGORY, returnRulesOf, returnRuleValueError } from '../../../domain/sale-returns-rules';
import { updateConfigValue } from '../../api/configuration';
import { fetchReturnRules } from '../../api/returns';
import { unwrap } from '../../api/unwrap';
import { CenteredLoader } from '../../ui/CenteredLoader';
import { FeedbackAlert } from '../../ui/FeedbackAlert';
import { LoadFailed } from '../../ui/LoadFailed';
import { useFeedback } from '../../ui/useFeedback';
import { configurationKeys } from '../settings/queries';

/** Cents as the amount field shows them: "50.000" or "1.234,50" (what parseMoneyInput reads back). */
const amountText = (cents: number) => formatCents(cents).replace(/^\$\s*/, '').replace(/,00$/, '');

export function ReturnRulesSection() {
  const queryClient = useQueryClient();
  const key = configurationKeys.category(RETURN_RULES_CATEGORY);
  const entries = useQuery({ queryKey: key, queryFn: () => unwrap(fetchReturnRules()) });
  const [days, setDays] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ days?: string; amount?: string }>({});
  const [saving, setSaving] = useState(false);
  const { feedback, report, fail, clear } = useFeedback();
  const rules = entries.data ? returnRulesOf(entries.data) : null;

  useEffect(() => {
    if (!rules) return;
    setDays(String(rules.maxDays));
    setAmount(amountText(rules.maxAmountCents));
    // Filled from what the server holds whenever it is (re)read.
  }, [entries.data]);

  if (entries.error && !entries.data) return <LoadFailed message={entries.error.message} onRetry={() => void entries.refetch()} retrying={entries.isFetching} />;
  if (!rules) return <CenteredLoader />;

  const save = async (pairs: [string, string][]) => {
    setSaving(true);
    let ok = true;
    for (const [clave, valor] of pairs) {
      const result = await updateConfigValue(RETURN_RULES_CATEGORY, clave, valor);
      ok = report(result, MSG.configUpdated);
      if (!ok) break;
    }
    setSaving(false);
    await queryClient.invalidateQueries({ queryKey: key });
    return ok;
  };

  const saveLimits = async () => {
    const money = parseMoneyInput(amount);
    const daysError = returnRuleValueError('dias_maximos', days.trim());
    const amountValue = money.ok && money.cents !== null ? (money.cents / 100).toFixed(2) : '';
    const amountError = !money.ok ? money.message : money.cents === null ? 'Ingresá el importe máximo' : returnRuleValueError('monto_maximo_vendedor', amountValue);
    setErrors({ days: daysError ?? undefined, amount: amountError ?? undefined });
    if (daysError || amountError) return fail('Revisá los límites marcados');
    await save([
      ['dias_maximos', days.trim()],
      ['monto_maximo_vendedor', amountValue],
    ]);
  };

  return (
    <Paper withBorder p="md" radius="md" data-testid="return-rules">
      <Stack gap="md">
        <Title order={3} size="h5">
          Devoluciones en el mostrador
        </Title>
        <Switch
          size="lg"
          label="Los vendedores pueden registrar devoluciones"
          description="Desde el Punto de Venta, con comprobante impreso. Fuera de estos límites la devolución la registra un administrador."
          checked={rules.sellersAllowed}
          disabled={saving}
          onChange={(e) => void save([['vendedores_pueden_devolver', String(e.currentTarget.checked)]])}
        />
        <Group align="flex-start" grow>
          <TextInput
            size="md"
            label="Días máximos desde la venta"
            description="0: solo el mismo día"
            inputMode="numeric"
            value={days}
            error={errors.days}
            disabled={!rules.sellersAllowed || saving}
            onChange={(e) => setDays(e.currentTarget.value)}
          />
          <TextInput
            size="md"
            label="Importe máximo por venta sin administrador"
            description="Suma lo ya devuelto de la venta"
            leftSection="$"
            inputMode="decimal"
            value={amount}
            error={errors.amount}
            disabled={!rules.sellersAllowed || saving}
            onChange={(e) => setAmount(e.currentTarget.value)}
          />
        </Group>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Los administradores no tienen límites.
          </Text>
          <Button size="md" loading={saving} disabled={!rules.sellersAllowed} onClick={() => void saveLimits()}>
            Guardar límites
          </Button>
        </Group>
        <FeedbackAlert feedback={feedback} onClose={clear} />
      </Stack>
    </Paper>
  );
}
