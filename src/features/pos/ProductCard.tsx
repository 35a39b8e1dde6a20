/**
 * A POS product card (spec §2): 60 px image or placeholder, name, "Stock: N", es-AR price. A tap adds
 * one unit. Plain elements styled by pos.module.css: the grid re-renders on every keystroke.
 */
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
        <span className={`${classes.thumb} ${classes.placeholder}`} aria-hidden>
          <IconPhoto size={36} stroke={1.3} />
        </span>
      )}
      <span className={classes.name}>{product.name}</span>
      <span className={product.stock <= product.minStock ? classes.low : classes.stock}>Stock: {product.stock}</span>
      <span className={classes.price}>{formatCents(product.priceCents)}</span>
    </button>
  );
});
