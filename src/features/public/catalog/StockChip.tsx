import { Badge } from '@mantine/core';

/** Catalogue stock chip (docs/spec.md §2): only when stock is defined; "Stock: N" above 0, else "Sin stock". */
export function StockChip({ stock }: { stock: number | null | undefined }) {
  if (stock === undefined || stock === null) return null;
  return stock > 0 ? (
    <Badge color="success" variant="light" tt="none" size="lg">
      Stock: {stock}
    </Badge>
  ) : (
    <Badge color="error" variant="light" tt="none" size="lg">
      Sin stock
    </Badge>
  );
}
