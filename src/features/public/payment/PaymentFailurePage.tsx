/** /payment/failure (docs/spec.md §2). "Ver Catálogo" goes to /catalogo, which falls through to the home redirect. */
import { Button, Group, Text } from '@mantine/core';
import { IconCircleX, IconHome, IconShoppingBag } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { PaymentDetails } from './PaymentDetails';
import { PaymentResultCard } from './PaymentResultCard';
import { ReasonList } from './ReasonList';
import { usePaymentParams } from './payment-params';
import { usePaymentCheck } from './usePaymentCheck';

const REASONS = ['Fondos insuficientes', 'Datos de la tarjeta incorrectos', 'Pago rechazado por el banco', 'Límite de compra excedido'];

export default function PaymentFailurePage() {
  const { externalReference, paymentId } = usePaymentParams();
  usePaymentCheck(externalReference);
  const navigate = useNavigate();
  return (
    <PaymentResultCard icon={<IconCircleX size={56} />} color="error" title="Pago Rechazado" subtitle="No se pudo procesar tu pago">
      {externalReference && <PaymentDetails reference={externalReference} paymentId={paymentId} />}
      <ReasonList title="Posibles motivos:" reasons={REASONS} />
      <Text c="dimmed" ta="center">
        Podés intentar nuevamente con otro medio de pago o comunicarte con tu banco.
      </Text>
      <Group justify="center">
        <Button size="md" leftSection={<IconShoppingBag size={20} />} onClick={() => navigate('/catalogo')}>
          Ver Catálogo
        </Button>
        <Button size="md" variant="outline" leftSection={<IconHome size={20} />} onClick={() => navigate('/')}>
          Volver al Inicio
        </Button>
      </Group>
    </PaymentResultCard>
  );
}
