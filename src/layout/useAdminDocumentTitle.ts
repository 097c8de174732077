import { useBasename, useResourceDefinitions } from 'ra-core';
import { useLocation } from 'react-router';
import { appMessages } from '../i18n/en';
import { useDefaultDocumentTitle } from './PortalBrand';

/** The admin's own pages, by their path under /admin. */
const pageTitles: Record<string, string> = {
  dashboard: appMessages.dashboard.title,
  'design-logos': appMessages.designLogos.title,
  merchandise: appMessages.merchandise.title,
  'merchandise/create': appMessages.merchandise.createTitle,
  '404': appMessages.notFound.heading,
};

/**
 * Names every admin page in the browser's tab from its route: the page's own title, else its
 * resource's label ('Accounts · Spirit Portal' on /admin/users and its forms). A page may be
 * more precise with useDocumentTitle.
 */
export function useAdminDocumentTitle() {
  const basename = useBasename();
  const resources = useResourceDefinitions();
  const path = useLocation()
    .pathname.slice(basename.length)
    .replace(/^\/+|\/+$/g, '');
  const resource = resources[path.split('/')[0]];
  const label = resource?.options?.label;
  useDefaultDocumentTitle(
    pageTitles[path] ??
      (typeof label === 'string' ? label : resource?.name) ??
      pageTitles[path.split('/')[0]],
  );
}
