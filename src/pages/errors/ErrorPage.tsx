import { Link } from 'react-router';
import { appMessages } from '../../i18n/en';
import { ErrorScreen } from './ErrorScreen';

/** `/admin/404` and the admin's unknown records, linked by the admin's router. */
export const AdminNotFoundPage = () => (
  <ErrorScreen {...appMessages.notFound} homePath="/admin" routerLink={Link} inLayout />
);
