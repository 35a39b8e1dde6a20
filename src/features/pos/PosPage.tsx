import { PageTitle } from '../../ui/PageTitle';

export default function PosPage() {
  return <PageTitle>Punto de Venta</PageTitle>;
}
