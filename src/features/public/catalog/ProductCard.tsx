import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { formatMoney } from '../../../../domain/money';
import type { CatalogProduct } from '../../../api/catalog';
import { ProductImage } from './ProductImage';
import { StockChip } from './StockChip';

interface Props {
  product: CatalogProduct;
  onViewImage: (product: CatalogProduct) => void;
  onEnquire: (product: CatalogProduct) => void;
  /** Load the image at once (cards in the first row), not lazily. */
  eagerImage?: boolean;
}

/**
 * Catalogue card: image (opens the viewer), name, es-AR price, stock chip, Consultar. Its background is
 * the theme's paper colour (Mantine's body colour; Mantine's own card grey differs in dark theme).
 */
export function ProductCard({ product, onViewImage, onEnquire, eagerImage = false }: Props) {
  return (
    <Card withBorder shadow="xs" padding="md" h="100%" component="article" aria-label={product.name} bg="var(--mantine-color-body)">
      <Card.Section>
        <ProductImage image={product.image} name={product.name} height={200} eager={eagerImage} onOpen={() => onViewImage(product)} />
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flex: 1 }}>
        <Text component="h3" fw={600} size="md" lineClamp={2} m={0}>
          {product.name}
        </Text>
        {product.category && (
          <Text size="sm" c="dimmed">
            {product.category.name}
          </Text>
        )}
        <Group justify="space-between" mt="auto" wrap="wrap" gap="xs">
          <Text fw={700} fz="xl" c="primary">
            {formatMoney(product.price)}
          </Text>
          <StockChip stock={product.stock} />
        </Group>
        <Button fullWidth size="md" variant="light" leftSection={<IconMessageCircle size={20} />} onClick={() => onEnquire(product)}>
          Consultar
        </Button>
      </Stack>
    </Card>
  );
}
