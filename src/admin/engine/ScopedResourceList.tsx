import { Box, Card, CardContent, MenuItem, TextField as MuiTextField, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import type { AnyResource } from '../../../contract/definition';
import { useOrganizationOptions } from '../../layout/useOrganizationOptions';
import { useSelectedOrganization } from '../../layout/useSelectedOrganization';
import { ResourceList } from './ResourceList';
import { useResourceText } from './labels';
import type { ResourceOverrides } from './types';

/** An Admin without a selected organization can pick one right here as well as in the page header. */
function OrganizationChooser({ onChoose }: { onChoose: (id: number) => void }) {
  const translate = useTranslate();
  const { data: options = [] } = useOrganizationOptions();
  return (
    <MuiTextField
      select
      size="small"
      label={translate('app.tables.chooseOrganization')}
      value=""
      onChange={(event) => onChoose(Number(event.target.value))}
      sx={{ minWidth: { xs: '100%', sm: 280 } }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </MuiTextField>
  );
}

/**
 * The list of a resource whose table lives under its organization (`routes.table.scopeParam`,
 * orders): always the selected organization's, a user of one organization theirs; an Admin
 * without a selection is asked for one, and nothing is called until then.
 */
export function ScopedResourceList({
  definition,
  overrides,
}: {
  definition: AnyResource;
  overrides?: ResourceOverrides;
}) {
  const translate = useTranslate();
  const text = useResourceText();
  const { organizationId, canChoose, setOrganizationId } = useSelectedOrganization();
  const scopeParam = definition.routes!.table!.scopeParam;

  if (!organizationId) {
    return (
      <Box sx={{ mt: 2 }}>
        <Title title={text.many(definition)} />
        <Card>
          <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
            <Typography>{translate('app.tables.selectOrganization')}</Typography>
            {canChoose && <OrganizationChooser onChoose={setOrganizationId} />}
          </CardContent>
        </Card>
      </Box>
    );
  }

  return (
    <ResourceList
      key={organizationId}
      definition={definition}
      overrides={overrides}
      filter={{ [scopeParam]: organizationId }}
      scope={organizationId}
    />
  );
}
