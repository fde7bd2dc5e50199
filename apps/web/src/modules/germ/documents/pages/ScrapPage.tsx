import { DocumentListPage } from './DocumentListPage';

export default function ScrapPage() {
  return <DocumentListPage kind="scrap" />;
}
