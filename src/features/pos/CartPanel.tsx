/**
 * Right side of the POS (docs/spec.md §2): "Carrito de Compra" with a line per product (remove, −, a quantity
 * that can be typed, +, line total), the subtotal and "Procesar Venta". Raising past the stock warns "No hay más stock
 * disponible"; a quantity reaching 0 removes the line (offline/cart.ts).
 */
import { ActionIcon, Badge, Button, Divider, Group, Kbd, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMinus, IconPlus, IconShoppingCart, IconTrash } from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';
import { formatCents } from '../../../domain/money';
import { changeCartQuantity, removeFromCart } from '../../offline/cart';
import type { CartLine } from '../../offline/db';
import { SHORTCUTS } from './focus-search';
import { reportCartResult } from './notify';
import { QuantityEditor } from './QuantityEditor';
import classes from './pos.module.css';

function CartLineRow({ line }: { line: CartLine }) {
  const change = (delta: number) => void changeCartQuantity(line.productId, delta).then(reportCartResult);
  return (
    <Paper withBorder p="xs" data-testid="cart-line">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={500} lineClamp={2}>
            {line.name}
          </Text>
          <Text size="sm" c="dimmed">
            {formatCents(line.unitPriceCents)} c/u
          </Text>
        </Stack>
        <ActionIcon variant="subtle" color="error" size="xl" aria-label={`Quitar ${line.name}`} onClick={() => void removeFromCart(line.productId)}>
          <IconTrash size={22} />
        </ActionIcon>
      </Group>
      <Group justify="space-between" wrap="nowrap" mt={4}>
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="light" size="xl" aria-label={`Restar uno de ${line.name}`} onClick={() => change(-1)}>
            <IconMinus size={22} />
          </ActionIcon>
          <QuantityEditor line={line} />
          <ActionIcon variant="light" size="xl" aria-label={`Sumar uno de ${line.name}`} onClick={() => change(1)}>
            <IconPlus size={22} />
          </ActionIcon>
        </Group>
        <Text fw={700} data-testid="line-total">
          {formatCents(line.unitPriceCents * line.quantity)}
        </Text>
      </Group>
    </Paper>
  );
}

interface Props {
  lines: CartLine[];
  subtotalCents: number;
  onCheckout: () => void;
  /** Shown under the button (the last sale and its ticket). */
  footer?: ReactNode;
  ref?: Ref<HTMLElement>;
}

export function CartPanel({ lines, subtotalCents, onCheckout, footer, ref }: Props) {
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <Paper ref={ref} withBorder p="sm" className={classes.column} aria-label="Carrito de Compra" component="section">
      <Group justify="space-between">
        <Title order={3} size="h4">
          <Group gap={6} component="span">
            <IconShoppingCart size={22} /> Carrito de Compra
          </Group>
        </Title>
        {units > 0 && <Badge size="lg" variant="light">{units} u.</Badge>}
      </Group>
      <Stack gap="xs" className={classes.scroll}>
        {lines.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            Tocá un producto o escaneá su código para agregarlo.
          </Text>
        ) : (
          lines.map((line) => <CartLineRow key={line.productId} line={line} />)
        )}
      </Stack>
      <Divider />
      <Group justify="space-between">
        <Text size="lg">Subtotal</Text>
        <Text size="xl" fw={700} data-testid="cart-subtotal">
          {formatCents(subtotalCents)}
        </Text>
      </Group>
      <Button size="xl" fullWidth onClick={onCheckout} rightSection={<Kbd>{SHORTCUTS.charge}</Kbd>}>
        Procesar Venta
      </Button>
      {footer}
    </Paper>
  );
}
