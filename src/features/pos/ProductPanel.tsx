/**
 * Left side of the POS (docs/spec.md §2): search box "Buscar producto..." and a grid of sellable products from
 * the local catalogue (works offline). Accent-insensitive search; an exact product code + Enter (what a
 * USB barcode scanner types) adds that product at once and clears the box, which keeps the focus for
 * the next scan (except after a finger tap, where focusing would pop up the on-screen keyboard).
 * At most `limit` cards are rendered; "Mostrar más" extends the list. After a scan the grid goes back
 * to the whole catalogue in a transition, so the new cart line paints without waiting for 40 cards. Until the index has loaded the
 * whole catalogue the grid says "Cargando productos…" (never "No se encontraron productos"), and a
 * scan waits for it.
 */
import { Button, Center, Kbd, Loader, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { memo, startTransition, useCallback, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { MSG } from '../../../domain/messages';
import type { LocalProduct } from '../../offline/db';
import { productIndex } from '../../offline/product-index';
import { SHORTCUTS } from './focus-search';
import { warn } from './notify';
import { ProductCard } from './ProductCard';
import classes from './pos.module.css';
import { markSearchStart, useProductSearch } from './useProductSearch';

const PAGE = 40;

// Memoised: a confirmed sale re-renders the page (cart, dialog), never the product grid.
export const ProductPanel = memo(function ProductPanel({ searchRef, onAdd }: { searchRef: RefObject<HTMLInputElement | null>; onAdd: (product: LocalProduct) => void }) {
  // What the box shows, and what the grid shows: equal while typing (rendered together, at once); after
  // a scan the box clears at once and the grid follows as a transition, so the cart line paints first.
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [limit, setLimit] = useState(PAGE);
  const lastPointer = useRef('mouse');
  const result = useProductSearch(query, limit);

  const add = useCallback(
    (product: LocalProduct) => {
      onAdd(product);
      if (lastPointer.current !== 'touch') searchRef.current?.focus();
    },
    [searchRef, onAdd],
  );

  /** The code (or only match) of `text` goes to the cart; the box is cleared unless something else was typed meanwhile. */
  const scan = (code: string) => {
    // The exact code first: a scan never pays for a search.
    const byCode = productIndex.findByCode(code);
    const match = byCode ? { items: [byCode], more: false } : productIndex.search(code, 1);
    const product = byCode ?? (match.more ? undefined : match.items[0]);
    const unlessRetyped = (current: string) => (current.trim() === code ? '' : current);
    const clear = () => {
      setText(unlessRetyped);
      startTransition(() => setQuery(unlessRetyped));
    };
    if (product) {
      onAdd(product);
      clear();
    } else if (!match.items.length) {
      warn(MSG.productNotFound);
      clear();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const code = text.trim();
    if (!code) return;
    // A scan right after the page opened waits for the catalogue instead of finding nothing.
    if (productIndex.loaded) scan(code);
    else void productIndex.whenLoaded().then(() => scan(code));
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
        value={text}
        onChange={(event) => {
          markSearchStart();
          setText(event.currentTarget.value);
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
