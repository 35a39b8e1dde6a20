import { PageTitle } from '../../ui/PageTitle';

export default function SalesPage() {
  return <PageTitle>Historial de Ventas</PageTitle>;
}
