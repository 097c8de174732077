import { useBasename } from 'ra-core';
import { useLocation } from 'react-router';
import { definitionsWithoutSchemas } from '../../contract/definitions/without-schemas';

/**
 * How an admin page depends on the organization chosen in the header: `required`, it shows
 * nothing without one; `optional`, without one it covers every organization (the dashboard's
 * sales); `none`, it is the same whichever is chosen (Accounts, Settings, Jobs...).
 */
export type OrganizationScope = 'required' | 'optional' | 'none';

const pageScopes: Record<string, OrganizationScope> = {
  dashboard: 'optional',
  'design-logos': 'required',
  merchandise: 'required',
  'base-apparel': 'none',
};

/** A resource depends on the choice when its table is asked per organization (orders). */
function organizationScopeOf(area: string): OrganizationScope {
  if (pageScopes[area]) return pageScopes[area];
  const definition = definitionsWithoutSchemas.find((candidate) => candidate.name === area);
  return definition?.routes?.table?.scopeParam ? 'required' : 'none';
}

/** The scope of the admin page at the current address. */
export function useOrganizationScope(): OrganizationScope {
  const basename = useBasename();
  const area = useLocation().pathname.slice(basename.length).replace(/^\/+/, '').split('/')[0];
  return organizationScopeOf(area);
}
