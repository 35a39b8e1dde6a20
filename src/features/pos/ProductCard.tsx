/** A POS product card (spec §2): 60 px image or placeholder, name, "Stock: N", es-AR price. A tap adds one unit. */
import { Center, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { memo } from 'react';
import { formatCents } from '../../../domain/money';
import { imageUrl } from '../../api/images';
import type { LocalProduct } from '../../offline/db';
import classes from './pos.module.css';

interface Props {
  product: LocalProduct;
  onAdd: (product: LocalProduct) => void;
}

export const ProductCard = memo(function ProductCard({ product, onAdd }: Props) {
  const src = imageUrl(product.image);
  return (
    <button
      type="button"
      className={classes.card}
      onClick={() => onAdd(product)}
      aria-label={`Agregar ${product.name}`}
      data-testid="pos-product"
    >
      {src ? (
        <img src={src} alt="" className={classes.thumb} loading="lazy" />
      ) : (
        <Center className={classes.thumb} c="dimmed" aria-hidden>
          <IconPhoto size={36} stroke={1.3} />
        </Center>
      )}
      <Text size="sm" fw={500} lineClamp={2} lh={1.25}>
        {product.name}
      </Text>
      <Text size="xs" c={product.stock <= product.minStock ? 'warning' : 'dimmed'}>
        Stock: {product.stock}
      </Text>
      <Text fw={700} c="primary">
        {formatCents(product.priceCents)}
      </Text>
    </button>
  );
});
