import { ActionIcon, Badge, Center, Group, Image, Table, Text } from '@mantine/core';
import { IconAdjustments, IconEdit, IconHistory, IconPhoto, IconTrash } from '@tabler/icons-react';
import { memo } from 'react';
import { imageUrl } from '../../api/images';
import type { Product } from '../../api/products';
import { Money } from '../../ui/Money';
import { StockChip } from '../../ui/StockChip';

function ProductThumb({ image, name }: { image: string | null; name: string }) {
  const src = imageUrl(image);
  if (!src) {
    return (
      <Center w={50} h={50} bg="var(--mantine-color-default-hover)" style={{ borderRadius: 8 }} c="dimmed">
        <IconPhoto size={22} aria-label="Sin imagen" />
      </Center>
    );
  }
  return <Image src={src} alt={name} w={50} h={50} fit="cover" radius="md" loading="lazy" />;
}

export interface ProductActions {
  onEdit: (p: Product) => void;
  onDelete: (p: Product) => void;
  onAdjustStock: (p: Product) => void;
  onStockHistory: (p: Product) => void;
}

const ProductRow = memo(function ProductRow({ product: p, onEdit, onDelete, onAdjustStock, onStockHistory }: ProductActions & { product: Product }) {
  return (
    <Table.Tr>
      <Table.Td>
        <ProductThumb image={p.image} name={p.name} />
      </Table.Td>
      <Table.Td>{p.code ?? '—'}</Table.Td>
      <Table.Td>
        <Text inherit fw={500}>
          {p.name}
        </Text>
        {!p.active && (
          <Badge color="gray" variant="light" tt="none" size="sm">
            Inactivo
          </Badge>
        )}
      </Table.Td>
      <Table.Td>{p.category?.name ?? '—'}</Table.Td>
      <Table.Td>{p.brand?.name ?? '—'}</Table.Td>
      <Table.Td ta="right">
        <Money value={p.price} />
      </Table.Td>
      <Table.Td ta="center">
        <StockChip stock={p.stock} minStock={p.minStock} />
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap" justify="center">
          <ActionIcon variant="subtle" size={44} onClick={() => onAdjustStock(p)} aria-label={`Ajustar stock de ${p.name}`} title="Ajustar stock">
            <IconAdjustments size={22} />
          </ActionIcon>
          <ActionIcon variant="subtle" size={44} onClick={() => onStockHistory(p)} aria-label={`Historial de stock de ${p.name}`} title="Historial de stock">
            <IconHistory size={22} />
          </ActionIcon>
          <ActionIcon variant="subtle" size={44} onClick={() => onEdit(p)} aria-label={`Editar ${p.name}`} title="Editar">
            <IconEdit size={22} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="error" size={44} onClick={() => onDelete(p)} aria-label={`Eliminar ${p.name}`} title="Eliminar">
            <IconTrash size={22} />
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
});

/** Imagen, Código, Nombre, Categoría, Marca, Precio, Stock, Acciones. */
export function ProductTable({ products, ...actions }: ProductActions & { products: Product[] }) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped highlightOnHover verticalSpacing="xs" horizontalSpacing={6} aria-label="Productos">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={66}>Imagen</Table.Th>
            <Table.Th>Código</Table.Th>
            <Table.Th>Nombre</Table.Th>
            <Table.Th>Categoría</Table.Th>
            <Table.Th>Marca</Table.Th>
            <Table.Th ta="right">Precio</Table.Th>
            <Table.Th ta="center">Stock</Table.Th>
            <Table.Th ta="center">Acciones</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.map((p) => (
            <ProductRow key={p.id} product={p} {...actions} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
