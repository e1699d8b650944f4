import { PageHeader } from '../components/Page';

export default function ApiKeysPage() {
  return <PageHeader title="ApiKeysPage" />;
}
