import { createCategory, deleteCategory, fetchCategories, updateCategory, type Category } from '../../../api/categories';
import { categoryKeys } from '../../products/queries';
import { ClassifierTab, type ClassifierApi } from './ClassifierTab';

const api: ClassifierApi<Category> = {
  queryKey: categoryKeys.all,
  label: 'Categorías',
  newLabel: 'Nueva Categoría',
  editLabel: 'Editar Categoría',
  emptyMessage: 'No hay categorías para mostrar',
  confirmDelete: '¿Estás seguro de eliminar esta categoría?',
  nouns: { one: 'categoría' },
  withOrder: true,
  list: () => fetchCategories(),
  create: ({ name, description, order }) => createCategory({ name, description, order: order ?? 0 }),
  update: (id, { name, description, order, isActive }) => updateCategory(id, { name, description, order: order ?? 0, isActive }),
  remove: deleteCategory,
};

export function CategoriesTab() {
  return <ClassifierTab api={api} />;
}
