import { DocumentListPage } from './DocumentListPage';

export default function InboundPage() {
  return <DocumentListPage kind="inbound" />;
}
