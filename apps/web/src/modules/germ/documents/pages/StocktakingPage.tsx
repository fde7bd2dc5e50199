import { DocumentListPage } from './DocumentListPage';

export default function StocktakingPage() {
  return <DocumentListPage kind="stocktaking" />;
}
