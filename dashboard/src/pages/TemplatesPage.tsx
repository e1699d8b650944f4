import { PageHeader } from '../components/Page';

export default function TemplatesPage() {
  return <PageHeader title="TemplatesPage" />;
}
