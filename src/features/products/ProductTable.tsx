import { ActionIcon, Badge, Center, Group, Image, Menu, Table, Text, UnstyledButton } from '@mantine/core';
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
        <Menu position="bottom" withinPortal withInitialFocusPlaceholder={false}>
          <Menu.Target>
            <UnstyledButton mih={44} miw={44} aria-label={`Stock de ${p.name}: ${p.stock}`} title="Ajustar stock o ver historial">
              <StockChip stock={p.stock} minStock={p.minStock} />
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item h={44} leftSection={<IconAdjustments size={18} />} onClick={() => onAdjustStock(p)}>
              Ajustar stock
            </Menu.Item>
            <Menu.Item h={44} leftSection={<IconHistory size={18} />} onClick={() => onStockHistory(p)}>
              Historial de stock
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap" justify="center">
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

/** Imagen, Código, Nombre, Categoría, Marca, Precio, Stock (tap: Ajustar stock / Historial de stock), Acciones. */
export function ProductTable({ products, ...actions }: ProductActions & { products: Product[] }) {
  return (
    <Table.ScrollContainer minWidth={720}>
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
