import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { CheckboxGroupInput, PasswordInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { passwordRule } from '../../../contract/account';
import { limits } from '../../../contract/common';
import { contactInformationLimit, nameLimit } from '../../../contract/limits';
import { useOrganizationOptions } from '../../layout/useOrganizationOptions';
import { useRoleOptions } from './api';

const max = (n: number) => ({ htmlInput: { maxLength: n } });

/**
 * The Organization field appears only while a chosen role includes a shop; choosing
 * roles without one clears the organization, so a stale id is never sent.
 */
export function OrganizationField() {
  const translate = useTranslate();
  const { setValue, getValues } = useFormContext();
  const chosen = useWatch({ name: 'userRoles' }) as string[] | undefined;
  const { data: roleOptions } = useRoleOptions();
  const includesShop = Boolean(
    chosen?.some((value) => roleOptions?.some((option) => option.value === value && option.includesShop)),
  );
  const { data: organizations = [] } = useOrganizationOptions(includesShop);
  useEffect(() => {
    if (roleOptions && !includesShop && getValues('organizationId') != null) {
      setValue('organizationId', null, { shouldDirty: true });
    }
  }, [roleOptions, includesShop, getValues, setValue]);
  if (!includesShop) return null;
  return (
    <SelectInput
      fullWidth
      source="organizationId"
      label={translate('app.users.organization')}
      choices={organizations}
      optionValue="value"
      optionText="label"
      isRequired
    />
  );
}

export function RoleField() {
  const translate = useTranslate();
  const { data: roleOptions = [] } = useRoleOptions();
  return (
    <CheckboxGroupInput
      source="userRoles"
      label={translate('app.users.roles')}
      choices={roleOptions.map((option) => ({
        ...option,
        label: translate(`app.roles.${option.value}`, { _: option.label }),
      }))}
      optionValue="value"
      optionText="label"
      translateChoice={false}
      isRequired
    />
  );
}

export function NameAndEmailFields() {
  const translate = useTranslate();
  return (
    <>
      <TextInput
        fullWidth
        source="email"
        type="email"
        label={translate('app.users.email')}
        isRequired
        slotProps={max(limits.email)}
      />
      <TextInput
        fullWidth
        source="name.firstName"
        label={translate('app.users.firstName')}
        isRequired
        slotProps={max(nameLimit)}
      />
      <TextInput
        fullWidth
        source="name.middleName"
        label={translate('app.users.middleName')}
        slotProps={max(nameLimit)}
      />
      <TextInput
        fullWidth
        source="name.lastName"
        label={translate('app.users.lastName')}
        isRequired
        slotProps={max(nameLimit)}
      />
      <TextInput
        fullWidth
        source="name.suffix"
        label={translate('app.users.suffix')}
        slotProps={max(nameLimit)}
      />
    </>
  );
}

export function ContactField() {
  const translate = useTranslate();
  return (
    <TextInput
      fullWidth
      source="contactInformation"
      label={translate('app.users.contactInformation')}
      multiline
      slotProps={max(contactInformationLimit)}
    />
  );
}

export function PasswordFields() {
  const translate = useTranslate();
  return (
    <>
      {/*
        react-admin draws passwords small; the form's other inputs are medium. The top margin keeps
        the password clear of the Organization field's error line above it.
      */}
      <PasswordInput
        fullWidth
        size="medium"
        sx={{ mt: 2 }}
        source="password"
        label={translate('app.users.password')}
        helperText={`${translate('app.users.passwordHelp')} ${translate('app.passwordRule', { min: passwordRule.minLength })}`}
        slotProps={max(limits.password)}
        autoComplete="new-password"
      />
      <PasswordInput
        fullWidth
        size="medium"
        source="confirmPassword"
        label={translate('app.users.confirmPassword')}
        slotProps={max(limits.password)}
        autoComplete="new-password"
      />
    </>
  );
}
