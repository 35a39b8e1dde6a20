/** Categories and brands for the product filters and form selects ({value, label}). */
import { useQuery } from '@tanstack/react-query';
import { fetchBrands } from '../../api/brands';
import { fetchCategories } from '../../api/categories';
import { unwrap } from '../../api/unwrap';
import { brandKeys, categoryKeys } from './queries';

export interface Option {
  value: string;
  label: string;
}

export function useCatalogOptions() {
  const categories = useQuery({ queryKey: categoryKeys.all, queryFn: () => unwrap(fetchCategories()) });
  const brands = useQuery({ queryKey: brandKeys.all, queryFn: () => unwrap(fetchBrands()) });
  const toOptions = (rows: { id: number; name: string }[] | undefined): Option[] => (rows ?? []).map((r) => ({ value: String(r.id), label: r.name }));
  return { categoryOptions: toOptions(categories.data), brandOptions: toOptions(brands.data), error: categories.error ?? brands.error };
}
