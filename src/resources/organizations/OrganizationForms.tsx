import { useQueryClient } from '@tanstack/react-query';
import { Create, Edit, SimpleForm, TextInput, useNotify, useRedirect, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import {
  type Organization,
  organizationInputSchema,
  organizationNameMax,
  storefrontAddressMax,
} from '../../contract/organizations';
import { organizationOptionsKey } from '../../layout/useOrganizationOptions';
import { zodValidate } from '../zodValidate';

function useSaved(message: 'app.tables.organizationCreated' | 'app.tables.organizationUpdated') {
  const notify = useNotify();
  const redirect = useRedirect();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  return (organization: Organization) => {
    // The page header's selector lists organizations by name.
    queryClient.invalidateQueries({ queryKey: organizationOptionsKey });
    notify(translate(message, { name: organization.name }), { type: 'success' });
    redirect('list', 'organizations');
  };
}

function OrganizationFields() {
  const translate = useTranslate();
  return (
    <>
      <TextInput
        source="name"
        label={translate('app.tables.name')}
        isRequired
        fullWidth
        slotProps={{ htmlInput: { maxLength: organizationNameMax } }}
      />
      <TextInput
        source="spiritShopAddress"
        label={translate('app.tables.storefrontAddress')}
        helperText="https://..."
        type="url"
        fullWidth
        slotProps={{ htmlInput: { maxLength: storefrontAddressMax } }}
      />
    </>
  );
}

export function OrganizationCreate() {
  const translate = useTranslate();
  const onSuccess = useSaved('app.tables.organizationCreated');
  return (
    <Create title={translate('app.tables.createOrganization')} mutationOptions={{ onSuccess }}>
      <SimpleForm validate={zodValidate(organizationInputSchema)}>
        <OrganizationFields />
      </SimpleForm>
    </Create>
  );
}

export function OrganizationUpdate() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const onSuccess = useSaved('app.tables.organizationUpdated');
  return (
    <Edit
      resource="organizations"
      id={Number(id)}
      title={translate('app.tables.updateOrganization')}
      mutationMode="pessimistic"
      mutationOptions={{ onSuccess }}
    >
      <SimpleForm validate={zodValidate(organizationInputSchema)}>
        <OrganizationFields />
      </SimpleForm>
    </Edit>
  );
}
