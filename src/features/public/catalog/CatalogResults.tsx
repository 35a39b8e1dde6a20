import { Box, Button, Center, Group, Loader, Pagination, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFilterOff, IconPackageOff } from '@tabler/icons-react';
import { useRef } from 'react';
import type { CatalogProduct } from '../../../api/catalog';
import { ProductCard } from './ProductCard';
import type { useCatalog } from './useCatalog';

interface Props {
  catalog: ReturnType<typeof useCatalog>;
  onViewImage: (product: CatalogProduct) => void;
  onEnquire: (product: CatalogProduct) => void;
}

/** Cards whose images load at once (the first row at the widest layout holds the page's largest paint). */
const EAGER_IMAGES = 4;
/** Placeholder cards while loading: as tall as a page of results, so the footer never jumps (layout shift). */
const PLACEHOLDERS = 8;
const CARD_HEIGHT = 390;

/** Space kept above the grid when a page change brings it into view: the sticky public bar (64 px) and a gap. */
const GRID_SCROLL_MARGIN = 80;

/**
 * Loading text, the two empty states, the 1/2/3/4-column grid and the pagination of docs/spec.md §2.
 * A page change keeps the previous page's cards (dimmed, with a hint) until the next page arrives and
 * brings the grid's top into view when the visitor had scrolled past it (not the page's top), at once: a
 * smooth scroll could be cut short by the new page's layout.
 */
export function CatalogResults({ catalog, onViewImage, onEnquire }: Props) {
  const { products, loading, pageLoading, filtersActive, totalItems, totalPages, page } = catalog;
  const gridRef = useRef<HTMLDivElement>(null);

  if (loading) {
    return (
      <>
        <Center py="md">
          <Group gap="sm">
            <Loader size="sm" />
            <Text c="dimmed" role="status">
              Cargando catálogo...
            </Text>
          </Group>
        </Center>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 4 }} spacing="lg" aria-hidden>
          {Array.from({ length: PLACEHOLDERS }, (_, i) => (
            <Skeleton key={i} h={CARD_HEIGHT} radius="md" />
          ))}
        </SimpleGrid>
      </>
    );
  }
  if (products.length === 0) {
    return (
      <Center py={64}>
        <Stack align="center" gap="xs" ta="center">
          <IconPackageOff size={56} stroke={1.3} color="var(--mantine-color-dimmed)" />
          {filtersActive ? (
            <>
              <Title order={3} size="h4">
                No se encontraron productos con esos filtros
              </Title>
              <Button variant="light" mt="sm" leftSection={<IconFilterOff size={20} />} onClick={catalog.clearFilters}>
                Limpiar filtros
              </Button>
            </>
          ) : (
            <>
              <Title order={3} size="h4">
                No hay productos disponibles en este momento
              </Title>
              <Text c="dimmed">Aún no se han cargado productos en el catálogo.</Text>
            </>
          )}
        </Stack>
      </Center>
    );
  }

  const changePage = (next: number) => {
    catalog.setPage(next);
    const grid = gridRef.current;
    if (grid && grid.getBoundingClientRect().top < GRID_SCROLL_MARGIN) grid.scrollIntoView({ block: 'start' });
  };
  return (
    <>
      <Box ref={gridRef} data-catalog-grid pos="relative" style={{ scrollMarginTop: GRID_SCROLL_MARGIN }} aria-busy={pageLoading}>
        {pageLoading && (
          <Center pos="absolute" top={8} left={0} right={0} style={{ zIndex: 2, pointerEvents: 'none' }}>
            <Group gap="sm" px="md" py={6} bg="var(--mantine-color-body)" style={{ borderRadius: 'var(--mantine-radius-xl)', boxShadow: 'var(--mantine-shadow-md)' }}>
              <Loader size="sm" />
              <Text role="status">Cargando página {page}...</Text>
            </Group>
          </Center>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 4 }} spacing="lg" style={{ opacity: pageLoading ? 0.55 : 1, transition: 'opacity 150ms' }}>
          {products.map((product, i) => (
            <ProductCard key={product.id} product={product} onViewImage={onViewImage} onEnquire={onEnquire} eagerImage={i < EAGER_IMAGES} />
          ))}
        </SimpleGrid>
      </Box>
      <Stack align="center" mt="xl" gap="sm">
        {totalPages > 1 && (
          <Group justify="center">
            <Pagination
              total={totalPages}
              value={page}
              onChange={changePage}
              withEdges
              size="lg"
              getControlProps={(control) => ({
                'aria-label': { first: 'Primera página', previous: 'Página anterior', next: 'Página siguiente', last: 'Última página' }[control],
              })}
            />
          </Group>
        )}
        <Text c="dimmed">
          Mostrando {products.length} de {totalItems} productos
        </Text>
      </Stack>
    </>
  );
}
