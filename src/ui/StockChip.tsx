import { Badge } from '@mantine/core';

/** The stock colour rule of docs/spec.md §4: red at 0 (or below, after an offline oversell), warning at or below minStock, else green. */
export function stockColor(stock: number, minStock: number): 'error' | 'warning' | 'success' {
  if (stock <= 0) return 'error';
  if (stock <= minStock) return 'warning';
  return 'success';
}

/** Management stock chip: the quantity, coloured by stockColor, in black (white on the spec's green is 2.8:1). */
export function StockChip({ stock, minStock }: { stock: number; minStock: number }) {
  return (
    <Badge color={stockColor(stock, minStock)} variant="filled" c="#000" size="lg" tt="none" miw={48}>
      {stock}
    </Badge>
  );
}
