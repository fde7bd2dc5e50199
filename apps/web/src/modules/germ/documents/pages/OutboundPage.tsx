import { DocumentListPage } from './DocumentListPage';

export default function OutboundPage() {
  return <DocumentListPage kind="outbound" />;
}
