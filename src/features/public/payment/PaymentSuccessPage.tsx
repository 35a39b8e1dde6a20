/** /payment/success (docs/spec.md §2): needs external_reference; the status is fixed to approved locally (the server checks the reference on its own, usePaymentCheck). */
import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconHome, IconInfoCircle, IconReceipt } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PUBLIC_MSG } from '../../../../domain/public-messages';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { PaymentDetails } from './PaymentDetails';
import { PaymentResultCard } from './PaymentResultCard';
import { usePaymentParams } from './payment-params';
import { usePaymentCheck } from './usePaymentCheck';

/** How long "Verificando pago..." stays before the local result shows. */
const VERIFY_DISPLAY_MS = 800;

export default function PaymentSuccessPage() {
  const { externalReference, paymentId } = usePaymentParams();
  usePaymentCheck(externalReference);
  const navigate = useNavigate();
  const [verifying, setVerifying] = useState(Boolean(externalReference));

  useEffect(() => {
    if (!verifying) return;
    const timer = window.setTimeout(() => setVerifying(false), VERIFY_DISPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [verifying]);

  const home = (
    <Button size="md" leftSection={<IconHome size={20} />} onClick={() => navigate('/')}>
      Volver al Inicio
    </Button>
  );

  if (!externalReference) {
    return (
      <Center mih="100dvh" p="md">
        <Stack w="100%" maw={480} align="center">
          <ErrorAlert message={PUBLIC_MSG.paymentNoReference} />
          {home}
        </Stack>
      </Center>
    );
  }
  if (verifying) {
    return (
      <Center mih="100dvh">
        <Stack align="center">
          <Loader size="lg" />
          <Text size="lg">Verificando pago...</Text>
        </Stack>
      </Center>
    );
  }
  return (
    <PaymentResultCard icon={<IconCircleCheck size={56} />} color="success" title="¡Pago Exitoso!" subtitle="Tu compra ha sido procesada correctamente">
      <PaymentDetails reference={externalReference} paymentId={paymentId} status={{ label: 'Aprobado', color: 'success' }} />
      <Alert color="info" variant="light" icon={<IconInfoCircle />} w="100%">
        Recibirás un correo electrónico con los detalles de tu compra.
      </Alert>
      <Group justify="center">
        <Button size="md" leftSection={<IconReceipt size={20} />} onClick={() => navigate('/ventas')}>
          Ver Ventas
        </Button>
        {home}
      </Group>
    </PaymentResultCard>
  );
}
