import { createBrand, deleteBrand, fetchBrands, updateBrand, type Brand } from '../../../api/brands';
import { brandKeys } from '../../products/queries';
import { ClassifierTab, type ClassifierApi } from './ClassifierTab';

const api: ClassifierApi<Brand> = {
  queryKey: brandKeys.all,
  label: 'Marcas',
  newLabel: 'Nueva Marca',
  editLabel: 'Editar Marca',
  emptyMessage: 'No hay marcas para mostrar',
  confirmDelete: '¿Estás seguro de eliminar esta marca?',
  nouns: { one: 'marca' },
  withOrder: false,
  list: () => fetchBrands(),
  create: ({ name, description }) => createBrand({ name, description }),
  update: (id, { name, description, isActive }) => updateBrand(id, { name, description, isActive }),
  remove: deleteBrand,
};

export function BrandsTab() {
  return <ClassifierTab api={api} />;
}
