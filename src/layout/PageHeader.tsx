import StorefrontIcon from '@mui/icons-material/Storefront';
import { Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import type { Organization } from '../../contract/definitions/organizations';
import { http } from '../providers';
import { type OrganizationScope, useOrganizationScope } from './organizationScope';
import { useOrganizationOptions } from './useOrganizationOptions';
import { useSelectedOrganization } from './useSelectedOrganization';

/** Only web addresses become links; anything else in the field is not followed. */
function storefrontHref(address: string | null | undefined) {
  if (!address) return null;
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

function useOrganization(id: number | null) {
  return useQuery({
    queryKey: ['organizations', id],
    queryFn: ({ signal }) => http<{ result: Organization }>(`/api/organizations/${id}`, { signal }),
    select: (body) => body.result,
    enabled: id !== null,
    staleTime: 60_000,
  });
}

/** What an Admin's header says with no organization chosen: only a page that needs one asks for it. */
const unchosen: Record<Exclude<OrganizationScope, 'none'>, string> = {
  required: 'app.shell.noOrganization',
  optional: 'app.shell.allOrganizations',
};

/**
 * The organization the admin pages work on: its name, the storefront link when it has a
 * `spiritShopAddress`, and for Admins the selector. A remembered choice that is no longer
 * among the options is dropped. Above a page the choice does not change (Accounts, Settings,
 * Jobs...) there is no header: a picker there would offer a choice that does nothing.
 */
export function PageHeader() {
  const translate = useTranslate();
  const { organizationId, canChoose, setOrganizationId } = useSelectedOrganization();
  const { data: options } = useOrganizationOptions(canChoose);
  const known = !canChoose || !options || options.some((option) => option.value === organizationId);
  useEffect(() => {
    if (canChoose && options && organizationId !== null && !known) setOrganizationId(null);
  }, [canChoose, options, organizationId, known, setOrganizationId]);
  const { data: organization } = useOrganization(known ? organizationId : null);
  const storefront = storefrontHref(organization?.spiritShopAddress);
  const scope = useOrganizationScope();
  if ((!canChoose && organizationId === null) || (canChoose && scope === 'none')) return null;
  const placeholder = canChoose && organizationId === null && scope !== 'none' ? unchosen[scope] : null;

  return (
    <Box component="header" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, py: 1.5 }}>
      <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
        <Typography
          variant="h6"
          component="p"
          data-testid="organization-name"
          sx={{ '&:empty': { display: 'none' } }}
        >
          {organization?.name ?? (placeholder ? translate(placeholder) : '')}
        </Typography>
      </Box>
      {storefront && (
        <Button
          href={storefront}
          target="_blank"
          rel="noopener noreferrer"
          startIcon={<StorefrontIcon />}
          size="small"
        >
          {translate('app.shell.storefront')}
        </Button>
      )}
      {canChoose && (
        <TextField
          select
          size="small"
          label={translate('app.shell.organization')}
          value={known && organizationId !== null ? organizationId : ''}
          onChange={(event) =>
            setOrganizationId(event.target.value === '' ? null : Number(event.target.value))
          }
          sx={{ minWidth: 240 }}
        >
          <MenuItem value="">
            <em>{translate('app.shell.chooseOrganization')}</em>
          </MenuItem>
          {(options ?? []).map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Box>
  );
}
