/**
 * A cart line's quantity, tappable to type it (item 14: "24" instead of 23 taps on +). The typed
 * quantity goes through setCartQuantity, so the stock rule of offline/cart.ts still holds (above the
 * stock warns "No hay más stock disponible" and keeps the line as it was); 0 removes the line.
 */
import { Button, Group, Popover, TextInput, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { setCartQuantity } from '../../offline/cart';
import type { CartLine } from '../../offline/db';
import { focusSearch } from './focus-search';
import { reportCartResult } from './notify';

export function QuantityEditor({ line }: { line: CartLine }) {
  const [opened, setOpened] = useState(false);
  const [text, setText] = useState('');
  const valid = /^\d{1,6}$/.test(text.trim());

  const open = () => {
    setText(String(line.quantity));
    setOpened(true);
  };
  const apply = () => {
    if (!valid) return;
    void setCartQuantity(line.productId, Number(text.trim())).then(reportCartResult);
    setOpened(false);
    requestAnimationFrame(focusSearch);
  };

  return (
    <Popover opened={opened} onChange={setOpened} trapFocus returnFocus={false} position="top" withArrow shadow="md">
      <Popover.Target>
        <UnstyledButton
          onClick={open}
          aria-label={`${line.quantity}: cambiar cantidad de ${line.name}`}
          miw={44}
          mih={44}
          ta="center"
          fw={600}
          data-testid="cart-quantity"
          style={{ borderBottom: '1px dashed currentColor' }}
        >
          {line.quantity}
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Group
          component="form"
          gap="xs"
          wrap="nowrap"
          align="flex-start"
          onSubmit={(event) => {
            event.preventDefault();
            apply();
          }}
        >
          <TextInput
            size="md"
            w={110}
            label="Cantidad"
            inputMode="numeric"
            autoComplete="off"
            data-autofocus
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onFocus={(event) => event.currentTarget.select()}
            error={text.trim() && !valid ? 'Número entero' : undefined}
          />
          <Button type="submit" size="md" mt={25} disabled={!valid}>
            Aceptar
          </Button>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
