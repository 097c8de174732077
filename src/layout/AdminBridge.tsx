import { useLocation, useNavigate } from 'react-router';
import { Bridge } from '../providers/Bridge';

/** The http client's toasts and redirects, through react-router while the admin is shown. */
export function AdminBridge() {
  const navigate = useNavigate();
  const { key } = useLocation();
  return <Bridge navigate={navigate} location={key} />;
}
