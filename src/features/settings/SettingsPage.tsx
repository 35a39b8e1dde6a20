import { PageTitle } from '../../ui/PageTitle';

export default function SettingsPage() {
  return <PageTitle>Configuración</PageTitle>;
}
