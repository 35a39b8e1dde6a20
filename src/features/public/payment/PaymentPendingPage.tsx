/** /payment/pending (docs/spec.md §2): "Verificar Estado" is a local 2 s simulation with no server call. */
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconClockHour4, IconHome, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { TIMINGS } from '../../../../domain/constants';
import { PaymentDetails } from './PaymentDetails';
import { PaymentResultCard } from './PaymentResultCard';
import { ReasonList } from './ReasonList';
import { usePaymentParams } from './payment-params';
import { usePaymentCheck } from './usePaymentCheck';

const REASONS = [
  'Pago en efectivo pendiente de acreditación',
  'Transferencia bancaria en proceso',
  'Validación adicional del banco',
  'Demora en la red de pagos',
];

export default function PaymentPendingPage() {
  const { externalReference, paymentId } = usePaymentParams();
  usePaymentCheck(externalReference);
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const [stillPending, setStillPending] = useState(false);

  useEffect(() => {
    if (!checking) return;
    const timer = window.setTimeout(() => {
      setChecking(false);
      setStillPending(true);
    }, TIMINGS.pendingVerifyMs);
    return () => window.clearTimeout(timer);
  }, [checking]);

  return (
    <PaymentResultCard icon={<IconClockHour4 size={56} />} color="warning" title="Pago Pendiente" subtitle="Tu pago está siendo procesado">
      <PaymentDetails reference={externalReference || '-'} paymentId={paymentId} status={{ label: 'Pendiente', color: 'warning' }} />
      <ReasonList title="Motivos comunes:" reasons={REASONS} />
      <Alert color="info" variant="light" icon={<IconInfoCircle />} w="100%">
        Te enviaremos un correo electrónico cuando se confirme el pago.
      </Alert>
      {stillPending && (
        <Alert color="warning" variant="light" w="100%" role="alert" withCloseButton onClose={() => setStillPending(false)}>
          El pago sigue pendiente. Te avisaremos cuando se confirme.
        </Alert>
      )}
      <Group justify="center">
        <Button size="md" loading={checking} leftSection={<IconRefresh size={20} />} onClick={() => { setStillPending(false); setChecking(true); }}>
          Verificar Estado
        </Button>
        <Button size="md" variant="outline" leftSection={<IconHome size={20} />} onClick={() => navigate('/')}>
          Volver al Inicio
        </Button>
      </Group>
      <Text size="sm" c="dimmed" ta="center">
        La confirmación puede demorar hasta 48 horas.
      </Text>
    </PaymentResultCard>
  );
}
