import { Link } from 'wouter';
import { appMessages } from '../../i18n/en';
import { ErrorScreen } from './ErrorScreen';

const { notFound, forbidden } = appMessages;

export const NotFoundPage = () => <ErrorScreen {...notFound} homePath="/" routerLink={Link} />;
export const ForbiddenPage = () => <ErrorScreen {...forbidden} homePath="/admin" routerLink={Link} />;
