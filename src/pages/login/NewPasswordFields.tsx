import type { ReactNode } from 'react';
import { passwordRule } from '../../../contract/account';
import { fill, useAppMessages } from '../../i18n/locale';
import { PasswordField } from './PasswordField';

interface FieldProps {
  name: string;
  error: boolean;
  helperText?: ReactNode;
}

/** A new password, hinted with the rule it must follow, and its confirmation. */
export function NewPasswordFields({
  form,
  name = 'password',
  label,
  confirmLabel,
  autoFocus,
}: {
  form: { field: (name: string, helperText?: string) => FieldProps };
  name?: string;
  label: string;
  confirmLabel: string;
  autoFocus?: boolean;
}) {
  const messages = useAppMessages();
  return (
    <>
      <PasswordField
        {...form.field(name, fill(messages.passwordRule, { min: passwordRule.minLength }))}
        label={label}
        autoComplete="new-password"
        autoFocus={autoFocus}
      />
      <PasswordField {...form.field('confirmPassword')} label={confirmLabel} autoComplete="new-password" />
    </>
  );
}
