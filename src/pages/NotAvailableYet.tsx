import ConstructionIcon from '@mui/icons-material/Construction';
import { Box, Typography } from '@mui/material';
import { useAppMessages } from '../i18n/locale';

/** Shown by routes that exist but whose page is not built yet, instead of a blank screen. */
export function NotAvailableYet({ title }: { title?: string }) {
  const appMessages = useAppMessages();
  return (
    <Box role="status" sx={{ p: 4, textAlign: 'center' }}>
      <ConstructionIcon fontSize="large" color="disabled" aria-hidden />
      {title && (
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
      )}
      <Typography variant="h6" component="p">
        {appMessages.notAvailable.title}
      </Typography>
      <Typography color="text.secondary">{appMessages.notAvailable.body}</Typography>
    </Box>
  );
}
