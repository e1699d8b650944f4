import { PageHeader } from '../components/Page';

export default function RendersPage() {
  return <PageHeader title="RendersPage" />;
}
