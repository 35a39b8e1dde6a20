/**
 * Left side of the POS (docs/spec.md §2): search box "Buscar producto..." and a grid of sellable products from
 * the local catalogue (works offline). Accent-insensitive search; an exact product code + Enter (what a
 * USB barcode scanner types) adds that product at once and clears the box, which keeps the focus for
 * the next scan (except after a finger tap, where focusing would pop up the on-screen keyboard).
 * At most `limit` cards are rendered; "Mostrar más" extends the list. Until the index has loaded the
 * whole catalogue the grid says "Cargando productos…" (never "No se encontraron productos"), and a
 * scan waits for it.
 */
import { Button, Center, Kbd, Loader, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { memo, useCallback, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { MSG } from '../../../domain/messages';
import { addToCart } from '../../offline/cart';
import type { LocalProduct } from '../../offline/db';
import { productIndex } from '../../offline/product-index';
import { SHORTCUTS } from './focus-search';
import { reportCartResult, warn } from './notify';
import { ProductCard } from './ProductCard';
import classes from './pos.module.css';
import { markSearchStart, useProductSearch } from './useProductSearch';

const PAGE = 40;

// Memoised: a confirmed sale re-renders the page (cart, dialog), never the product grid.
export const ProductPanel = memo(function ProductPanel({ searchRef }: { searchRef: RefObject<HTMLInputElement | null> }) {
  const [query, setQuery] = useState('');
  const [limit, setLimit] = useState(PAGE);
  const lastPointer = useRef('mouse');
  const result = useProductSearch(query, limit);

  const add = useCallback(
    (product: LocalProduct) => {
      void addToCart(product.id).then(reportCartResult);
      if (lastPointer.current !== 'touch') searchRef.current?.focus();
    },
    [searchRef],
  );

  /** The code (or only match) of `text` goes to the cart; the box is cleared unless something else was typed meanwhile. */
  const scan = (text: string) => {
    const match = productIndex.search(text, 1);
    const product = productIndex.findByCode(text) ?? (match.more ? undefined : match.items[0]);
    const clear = () => setQuery((current) => (current.trim() === text ? '' : current));
    if (product) {
      void addToCart(product.id).then(reportCartResult);
      clear();
    } else if (!match.items.length) {
      warn(MSG.productNotFound);
      clear();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const text = query.trim();
    if (!text) return;
    // A scan right after the page opened waits for the catalogue instead of finding nothing.
    if (productIndex.loaded) scan(text);
    else void productIndex.whenLoaded().then(() => scan(text));
  };

  return (
    <div className={classes.column}>
      <TextInput
        ref={searchRef}
        size="lg"
        placeholder="Buscar producto..."
        aria-label="Buscar producto"
        leftSection={<IconSearch size={20} />}
        rightSection={<Kbd title="Atajo: F2 vuelve a la búsqueda">{SHORTCUTS.search}</Kbd>}
        rightSectionWidth={52}
        value={query}
        onChange={(event) => {
          markSearchStart();
          setQuery(event.currentTarget.value);
          setLimit(PAGE);
        }}
        onKeyDown={onKeyDown}
        autoFocus
        data-pos-search
        autoComplete="off"
        enterKeyHint="search"
      />
      <div className={classes.scroll} onPointerDown={(event) => (lastPointer.current = event.pointerType)}>
        {!result.loaded ? (
          <Center p="xl" role="status">
            <Loader size="sm" mr="sm" />
            <Text c="dimmed">Cargando productos…</Text>
          </Center>
        ) : result.items.length === 0 ? (
          <Text c="dimmed" ta="center" p="xl">
            {query.trim() ? 'No se encontraron productos' : 'No hay productos con stock para vender'}
          </Text>
        ) : (
          <div className={classes.grid} data-testid="pos-grid">
            {result.items.map((product) => (
              <ProductCard key={product.id} product={product} onAdd={add} />
            ))}
          </div>
        )}
        {result.more && (
          <Center p="md">
            <Button variant="light" size="lg" onClick={() => setLimit((n) => n + PAGE)}>
              Mostrar más
            </Button>
          </Center>
        )}
      </div>
    </div>
  );
});
