import { Alert, type SxProps, type Theme } from '@mui/material';

/** The message of a form that belongs to none of its fields, announced as soon as it shows. */
export function FormError({ message, sx }: { message?: string | null; sx?: SxProps<Theme> }) {
  if (!message) return null;
  return (
    <Alert severity="error" role="alert" sx={sx}>
      {message}
    </Alert>
  );
}
