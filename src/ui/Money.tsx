import { Text, type TextProps } from '@mantine/core';
import { formatMoney } from '../../domain/money';

/** An es-AR amount ("$ 1.234,56") with tabular figures so columns line up. */
export function Money({ value, ...props }: { value: number | string | null | undefined } & TextProps) {
  return (
    <Text component="span" inherit style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} {...props}>
      {formatMoney(value)}
    </Text>
  );
}
