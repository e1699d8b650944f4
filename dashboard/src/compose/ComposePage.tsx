import { PageHeader } from '../components/Page';

export default function ComposePage() {
  return <PageHeader title="ComposePage" />;
}
