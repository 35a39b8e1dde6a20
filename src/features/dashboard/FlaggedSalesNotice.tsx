import { Alert, Anchor } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

/** Offline sales the server flagged (oversold, price changed) need a look: link to them in the history. */
export function FlaggedSalesNotice({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <Alert color="warning" variant="light" icon={<IconAlertTriangle />} title="Ventas sin conexión con observaciones">
      {count === 1 ? 'Hay 1 venta registrada sin conexión' : `Hay ${count} ventas registradas sin conexión`} con stock insuficiente o con un precio
      distinto al del catálogo.{' '}
      <Anchor component={Link} to="/sales?flagged=true" fw={600}>
        Ver ventas con observaciones
      </Anchor>
    </Alert>
  );
}
