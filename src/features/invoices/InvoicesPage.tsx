import { PageTitle } from '../../ui/PageTitle';

export default function InvoicesPage() {
  return <PageTitle>Facturas Emitidas</PageTitle>;
}
