/**
 * A POS product card (docs/spec.md §2): 60 px image or placeholder (also when the image fails to load), name,
 * es-AR price and "Stock: N" (announced as the card's description). A tap adds one unit. Plain elements styled by pos.module.css: the grid re-renders on every keystroke.
 */
import { IconPhoto } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { formatCents } from '../../../domain/money';
import { imageUrl } from '../../api/images';
import type { LocalProduct } from '../../offline/db';
import classes from './pos.module.css';

interface Props {
  product: LocalProduct;
  onAdd: (product: LocalProduct) => void;
}

export const ProductCard = memo(function ProductCard({ product, onAdd }: Props) {
  const [broken, setBroken] = useState(false);
  const src = broken ? null : imageUrl(product.image);
  const info = `pos-product-${product.id}-info`;
  return (
    <button
      type="button"
      className={classes.card}
      onClick={() => onAdd(product)}
      aria-describedby={info}
      data-testid="pos-product"
    >
      {src ? (
        <img src={src} alt="" className={classes.thumb} loading="lazy" onError={() => setBroken(true)} />
      ) : (
        <span className={`${classes.thumb} ${classes.placeholder}`} aria-hidden>
          <IconPhoto size={36} stroke={1.3} />
        </span>
      )}
      {/* The name "Agregar <producto>" comes from the content (no aria-label), so it always matches what is seen. */}
      <span className={classes.name}>
        <span className={classes.srOnly}>Agregar </span>
        {product.name}
      </span>
      {/* Price and stock are the card's description, announced after its name. */}
      <span id={info} className={classes.info} aria-hidden>
        <span className={classes.price}>{formatCents(product.priceCents)}</span>
        <span className={product.stock <= product.minStock ? classes.low : classes.stock}>Stock: {product.stock}</span>
      </span>
    </button>
  );
});
