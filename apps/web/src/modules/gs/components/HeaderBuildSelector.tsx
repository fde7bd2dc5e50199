import { useLocation } from 'react-router';
import { GenomeBuildSelector } from '../../system';

/**
 * The genome build selector in the header of the gene-selection pages (spec section 2: the gs page group,
 * its detail routes and the genome builds screen): shown while a page under /gs is open. Switching sets the
 * user's current build and every gs query refreshes; a crop without builds gets the prompt to define one.
 */
export default function HeaderBuildSelector() {
  const { pathname } = useLocation();
  if (!pathname.startsWith('/gs/')) return null;
  return (
    <span className="bw-header-build" data-testid="header-build">
      <GenomeBuildSelector size="small" />
    </span>
  );
}
