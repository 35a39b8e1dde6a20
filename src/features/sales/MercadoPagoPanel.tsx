/**
 * The Mercado Pago side of a sale in its detail: opening it makes the server check a pendiente payment
 * with Mercado Pago (GET /payments/status); "Verificar pago" asks again (POST /payments/confirm).
 * Refunds, chargebacks and mediations after approval are shown as a warning for the owner.
 */
import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PROVIDER_STATUS_LABELS } from '../../../domain/payment-rules';
import type { PaymentStatus } from '../../../domain/constants';
import { confirmPayment, fetchPaymentStatus } from '../../api/payments';
import { unwrap } from '../../api/unwrap';
import { formatDateTime } from '../../ui/dates';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { paymentKeys, saleKeys } from './queries';

const providerLabel = (status: string) => PROVIDER_STATUS_LABELS[status] ?? status;

export function MercadoPagoPanel({ saleId, paymentStatus }: { saleId: number; paymentStatus: PaymentStatus }) {
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const [checkError, setCheckError] = useState('');
  const status = useQuery({ queryKey: paymentKeys.status(saleId), queryFn: () => unwrap(fetchPaymentStatus(saleId)) });

  // The check may have settled the sale: refresh what the dialog and the list show.
  useEffect(() => {
    if (status.data && status.data.paymentStatus !== paymentStatus) {
      void queryClient.invalidateQueries({ queryKey: saleKeys.detail(saleId) });
      void queryClient.invalidateQueries({ queryKey: saleKeys.all });
    }
  }, [status.data, paymentStatus, saleId, queryClient]);

  const verify = async () => {
    setChecking(true);
    setCheckError('');
    const result = await confirmPayment(saleId);
    setChecking(false);
    if (result.success) queryClient.setQueryData(paymentKeys.status(saleId), result.data);
    else setCheckError(result.message);
  };

  const data = status.data;
  return (
    <Paper withBorder p="md" data-testid="mercadopago-panel">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>Mercado Pago</Text>
          {data && (
            <Badge color={data.needsReview ? 'warning' : 'info'} size="lg" tt="none">
              {providerLabel(data.providerStatus)}
            </Badge>
          )}
        </Group>
        <ErrorAlert message={status.error?.message || checkError} />
        {data && (
          <>
            <Text size="sm">Referencia: {data.externalReference}</Text>
            {data.providerPaymentId && <Text size="sm">ID de pago: {data.providerPaymentId}</Text>}
            {data.lastCheckedAt && (
              <Text size="sm" c="dimmed">
                Última verificación: {formatDateTime(data.lastCheckedAt)}
              </Text>
            )}
            {data.needsReview && (
              <Alert color="warning" variant="light" icon={<IconAlertTriangle />} title="Pago a revisar">
                {data.paymentStatus === 'cancelado'
                  ? 'Mercado Pago aprobó un pago de esta venta ya cancelada. Revisá la venta y el stock.'
                  : `Mercado Pago informó «${providerLabel(data.providerStatus)}» después de la aprobación. Revisá la venta y el stock.`}
              </Alert>
            )}
            {data.events.length > 0 && (
              <Stack gap={2}>
                {data.events.map((e) => (
                  <Text size="xs" c="dimmed" key={`${e.providerPaymentId}-${e.status}`}>
                    {formatDateTime(e.createdAt)} · {providerLabel(e.status)}
                    {e.statusDetail ? ` (${e.statusDetail})` : ''} · pago {e.providerPaymentId}
                  </Text>
                ))}
              </Stack>
            )}
          </>
        )}
        <Group>
          <Button variant="light" size="md" leftSection={<IconRefresh size={18} />} loading={checking || status.isFetching} onClick={() => void verify()}>
            Verificar pago
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
