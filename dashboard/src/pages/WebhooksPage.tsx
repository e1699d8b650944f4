import { PageHeader } from '../components/Page';

export default function WebhooksPage() {
  return <PageHeader title="WebhooksPage" />;
}
