import { FormControl, FormHelperText, InputLabel, OutlinedInput } from '@mui/material';
import { type ReactNode, useId } from 'react';

export interface OutlinedFieldProps {
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  maxLength?: number;
}

/**
 * MUI's outlined TextField put together from the parts MUI documents it is made of, with the
 * same markup and labelling. TextField itself also carries its Select mode (Menu, Popover,
 * Modal: about 14 KB gzip), which the sign-in pages would download for nothing.
 */
export function OutlinedField({
  name,
  label,
  type,
  autoComplete,
  autoFocus,
  required,
  error,
  helperText,
  maxLength,
}: OutlinedFieldProps) {
  const id = useId();
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl fullWidth margin="normal" required={required} error={error}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        type={type}
        label={label}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        aria-describedby={helperTextId}
        inputProps={{ maxLength }}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
