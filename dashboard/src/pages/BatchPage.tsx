import { PageHeader } from '../components/Page';

export default function BatchPage() {
  return <PageHeader title="BatchPage" />;
}
