import { PageHeader } from '../components/Page';

export default function BatchesPage() {
  return <PageHeader title="BatchesPage" />;
}
