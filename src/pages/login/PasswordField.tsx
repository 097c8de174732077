import { TextField, type TextFieldProps } from '@mui/material';
import { limits } from '../../contract/limits';

/** Every password box of the sign-in and account pages: required, full width, at most 100 characters. */
export function PasswordField(props: TextFieldProps) {
  return (
    <TextField
      type="password"
      required
      fullWidth
      margin="normal"
      slotProps={{ htmlInput: { maxLength: limits.password } }}
      {...props}
    />
  );
}
