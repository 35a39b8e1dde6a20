/**
 * The open charge with Mercado Pago QR or Point in the checkout (issue #34 items 1–2): the QR to scan, or what
 * the terminal is doing, each status in Spanish with what to do (MP_COUNTER_MSG headline + the server's
 * line), the expiry, «Cancelar cobro» and, once it is over without a payment, «Cobrar con otro medio» or
 * «Cobrar de nuevo». The status is read from this server (never from Mercado Pago) every second while
 * open, every 5 s while the server does not answer, and no more once it is over. Paid → onPaid, once.
 * While the server cannot be reached the charge cannot be cancelled, so the counter would be stuck on it:
 * «Dejar el cobro y usar otro medio», after a confirmation, leaves it (left-charges.ts cancels it on the
 * server once it is back, or the server flags the sale if it was paid meanwhile) and goes back to the form.
 */
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { attemptHeadline, MP_COUNTER_MSG } from '../../../../domain/messages-payments';
import { formatMoney } from '../../../../domain/money';
import type { OrderAttemptJson } from '../../../../domain/schemas/payment-orders';
import { formatTime } from '../../../ui/dates';
import { leaveCharge } from '../../../offline/left-charges';
import { cancelCharge, pollInterval, readCharge } from './charge';
import { QrCode } from './QrCode';

interface Props {
  initial: OrderAttemptJson;
  onPaid: (attempt: OrderAttemptJson) => void;
  /** Over without a payment: back to the form (another method, or the same again). */
  onOtherMethod: () => void;
  onRetry: () => void;
}

const GOOD = new Set(['processed']);
const BAD = new Set(['failed', 'canceled', 'expired', 'error', 'refunded']);

export function MercadoPagoCharge({ initial, onPaid, onOtherMethod, onRetry }: Props) {
  const client = useQueryClient();
  const key = ['mp-charge', initial.id] as const;
  const query = useQuery({
    queryKey: key,
    queryFn: () => readCharge(initial.id),
    initialData: initial,
    initialDataUpdatedAt: Date.now(),
    retry: false,
    refetchInterval: (q) => pollInterval(q.state.data, q.state.fetchFailureCount),
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
  });
  const attempt = query.data;
  const [cancelling, setCancelling] = useState(false);
  const [cancelError, setCancelError] = useState('');
  const [cancelUnreachable, setCancelUnreachable] = useState(false);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const paid = useRef(false);
  const isPaid = attempt.salePaymentStatus === 'pagado';

  useEffect(() => {
    if (isPaid && !paid.current) {
      paid.current = true;
      onPaid(attempt);
    }
  }, [isPaid, attempt, onPaid]);

  const cancel = async () => {
    setCancelling(true);
    setCancelError('');
    const result = await cancelCharge(attempt.id);
    setCancelling(false);
    setCancelUnreachable(!result.ok && result.unreachable === true);
    if (result.ok) client.setQueryData(key, result.attempt);
    else setCancelError(result.message);
  };

  const leave = async () => {
    await leaveCharge(attempt.id);
    onOtherMethod();
  };

  const open = !attempt.done && !isPaid;
  const serverAway = open && (query.isError || cancelUnreachable);
  const color = GOOD.has(attempt.status) ? 'success' : BAD.has(attempt.status) ? 'error' : attempt.status === 'action_required' ? 'warning' : 'info';
  return (
    <Stack gap="sm" align="center" data-testid="mp-charge" data-status={attempt.status}>
      <Text size="sm" c="dimmed">
        {attempt.kind === 'qr' ? MP_COUNTER_MSG.qrLabel : MP_COUNTER_MSG.pointLabel} · Total {formatMoney(attempt.amount)}
      </Text>
      <Title order={3} ta="center" role="status" data-testid="mp-charge-headline">
        {attemptHeadline(attempt.kind, attempt.status)}
      </Title>
      {attempt.kind === 'qr' && attempt.qrData && open && <QrCode data={attempt.qrData} />}
      <Alert color={color} w="100%" p="xs" data-testid="mp-charge-message">
        {attempt.message}
        {open && <Text size="sm">{MP_COUNTER_MSG.expiresAt(formatTime(attempt.expiresAt))}</Text>}
      </Alert>
      {attempt.needsReview && (
        <Alert color="warning" w="100%" p="xs" role="alert">
          {attempt.reviewReason ?? MP_COUNTER_MSG.needsReview}
        </Alert>
      )}
      {query.isError && open && (
        <Alert color="warning" w="100%" p="xs" role="alert">
          {MP_COUNTER_MSG.serverAway}
        </Alert>
      )}
      {cancelError && (
        <Alert color="error" w="100%" p="xs" role="alert">
          {cancelError}
        </Alert>
      )}
      <Group justify="center" gap="xs">
        {open ? (
          <Button size="lg" variant="default" color="error" loading={cancelling} onClick={() => void cancel()}>
            {MP_COUNTER_MSG.cancel}
          </Button>
        ) : (
          !isPaid && (
            <>
              <Button size="lg" variant="default" onClick={onOtherMethod}>
                {MP_COUNTER_MSG.otherMethod}
              </Button>
              <Button size="lg" onClick={onRetry}>
                {MP_COUNTER_MSG.retry}
              </Button>
            </>
          )
        )}
      </Group>
      {serverAway &&
        (confirmLeave ? (
          <Alert color="warning" w="100%" p="xs" data-testid="mp-charge-leave">
            <Text size="sm">{MP_COUNTER_MSG.leaveConfirm}</Text>
            <Group justify="center" gap="xs" mt="xs">
              <Button size="lg" color="warning" onClick={() => void leave()}>
                {MP_COUNTER_MSG.leaveYes}
              </Button>
              <Button size="lg" variant="default" onClick={() => setConfirmLeave(false)}>
                {MP_COUNTER_MSG.leaveNo}
              </Button>
            </Group>
          </Alert>
        ) : (
          <Button size="lg" variant="light" onClick={() => setConfirmLeave(true)}>
            {MP_COUNTER_MSG.leave}
          </Button>
        ))}
      {open && attempt.kind === 'point' && (
        <Text size="xs" c="dimmed">
          {MP_COUNTER_MSG.cantCancelHere}
        </Text>
      )}
    </Stack>
  );
}
