import { Grid, NativeSelect, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { NamedRef } from '../../../api/catalog';

interface Props {
  search: string;
  onSearch: (value: string) => void;
  categoryId: number | null;
  onCategory: (id: number | null) => void;
  categories: NamedRef[];
}

/** Search box (Buscar productos...) and category dropdown (first option Todas las categorías). */
export function CatalogFilters({ search, onSearch, categoryId, onCategory, categories }: Props) {
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, sm: 8 }}>
        <TextInput
          size="md"
          type="search"
          aria-label="Buscar productos"
          placeholder="Buscar productos..."
          leftSection={<IconSearch size={20} />}
          value={search}
          onChange={(e) => onSearch(e.currentTarget.value)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <NativeSelect
          size="md"
          aria-label="Categoría"
          value={categoryId === null ? '' : String(categoryId)}
          onChange={(e) => onCategory(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
          data={[{ value: '', label: 'Todas las categorías' }, ...categories.map((c) => ({ value: String(c.id), label: c.name }))]}
        />
      </Grid.Col>
    </Grid>
  );
}
