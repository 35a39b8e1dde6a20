import { PageTitle } from '../../ui/PageTitle';

export default function ProductsPage() {
  return <PageTitle>Gestión de Productos</PageTitle>;
}
