import { PageTitle } from '../../ui/PageTitle';

export default function MessagesPage() {
  return <PageTitle>Mensajes de Contacto</PageTitle>;
}
