import { useBasename, useResourceDefinitions, useTranslate } from 'ra-core';
import { useLocation } from 'react-router';
import { useDefaultDocumentTitle } from './PortalBrand';

/** The admin's own pages, by their path under /admin: their titles' keys in the catalogue. */
const pageTitles: Record<string, string> = {
  dashboard: 'app.dashboard.title',
  'design-logos': 'app.designLogos.title',
  merchandise: 'app.merchandise.title',
  'merchandise/create': 'app.merchandise.createTitle',
  '404': 'app.notFound.heading',
};

/**
 * Names every admin page in the browser's tab from its route: the page's own title, else its
 * resource's label ('Accounts · Spirit Portal' on /admin/users and its forms). A page may be
 * more precise with useDocumentTitle.
 */
export function useAdminDocumentTitle() {
  const basename = useBasename();
  const translate = useTranslate();
  const resources = useResourceDefinitions();
  const path = useLocation()
    .pathname.slice(basename.length)
    .replace(/^\/+|\/+$/g, '');
  const resource = resources[path.split('/')[0]];
  const page = pageTitles[path] ?? (resource ? undefined : pageTitles[path.split('/')[0]]);
  useDefaultDocumentTitle(
    page ? translate(page) : resource && translate(`resources.${resource.name}.many`, { _: resource.name }),
  );
}
