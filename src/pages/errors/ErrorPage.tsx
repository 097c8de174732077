import { Link } from 'react-router';
import { useAppMessages } from '../../i18n/locale';
import { ErrorScreen } from './ErrorScreen';

/** `/admin/404` and the admin's unknown records, linked by the admin's router. */
export const AdminNotFoundPage = () => (
  <ErrorScreen {...useAppMessages().notFound} homePath="/admin" routerLink={Link} inLayout />
);
