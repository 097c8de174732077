import { limits } from '../../../contract/limits';
import { OutlinedField, type OutlinedFieldProps } from './OutlinedField';

/** Every password box of the sign-in and account pages: required, full width, at most 100 characters. */
export function PasswordField(props: Omit<OutlinedFieldProps, 'type' | 'required' | 'maxLength'>) {
  return <OutlinedField type="password" required maxLength={limits.password} {...props} />;
}
