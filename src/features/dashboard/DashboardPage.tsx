import { PageTitle } from '../../ui/PageTitle';

export default function DashboardPage() {
  return <PageTitle>Dashboard</PageTitle>;
}
