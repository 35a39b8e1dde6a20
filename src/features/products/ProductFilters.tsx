import { Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { TouchSelect } from '../../ui/TouchSelect';
import type { Option } from './useCatalogOptions';

export interface ProductFilterValues {
  search: string;
  categoryId: string | null;
  brandId: string | null;
}

/** Search, "Todas las categorías" and "Todas las marcas". */
export function ProductFilters({
  value,
  onChange,
  categoryOptions,
  brandOptions,
}: {
  value: ProductFilterValues;
  onChange: (value: ProductFilterValues) => void;
  categoryOptions: Option[];
  brandOptions: Option[];
}) {
  return (
    <Group grow align="flex-end" preventGrowOverflow={false} wrap="wrap">
      <TextInput
        label="Buscar"
        placeholder="Nombre, código o descripción"
        size="md"
        leftSection={<IconSearch size={18} />}
        value={value.search}
        onChange={(e) => onChange({ ...value, search: e.currentTarget.value })}
        miw={220}
      />
      <TouchSelect
        label="Categoría"
        data={[{ value: '', label: 'Todas las categorías' }, ...categoryOptions]}
        value={value.categoryId ?? ''}
        onChange={(v) => onChange({ ...value, categoryId: v || null })}
        miw={200}
      />
      <TouchSelect
        label="Marca"
        data={[{ value: '', label: 'Todas las marcas' }, ...brandOptions]}
        value={value.brandId ?? ''}
        onChange={(v) => onChange({ ...value, brandId: v || null })}
        miw={200}
      />
    </Group>
  );
}
