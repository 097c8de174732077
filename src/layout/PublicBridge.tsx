import { useLocation, useSearch } from 'wouter';
import { Bridge } from '../providers/Bridge';

/** The http client's toasts and redirects, through wouter while the public pages are shown. */
export function PublicBridge() {
  const [path, navigate] = useLocation();
  const search = useSearch();
  return <Bridge navigate={navigate} location={`${path}?${search}`} />;
}
