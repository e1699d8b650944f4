import { PageHeader } from '../components/Page';

export default function RenderPage() {
  return <PageHeader title="RenderPage" />;
}
