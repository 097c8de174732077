import { Link } from 'wouter';
import { useAppMessages } from '../../i18n/locale';
import { ErrorScreen } from './ErrorScreen';

export const NotFoundPage = () => (
  <ErrorScreen {...useAppMessages().notFound} homePath="/" routerLink={Link} />
);
export const ForbiddenPage = () => (
  <ErrorScreen {...useAppMessages().forbidden} homePath="/admin" routerLink={Link} />
);
