import { Alert, Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { useAppMessages } from '../../i18n/locale';

/**
 * `/account/show-recovery-codes`: the codes arrive in the navigation state from the page that
 * generated them; the server keeps only their hashes and cannot show them again.
 */
export function ShowRecoveryCodesPage() {
  const text = useAppMessages().recoveryCodes;
  const codes = useHistoryState<{ recoveryCodes?: string[] } | null>()?.recoveryCodes;
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h2" gutterBottom>
        {text.title}
      </Typography>
      {codes?.length ? (
        <>
          <Alert severity="warning" sx={{ mb: 2 }}>
            <strong>{text.warning}</strong> {text.help} {text.shownOnce}
          </Alert>
          <Box
            component="ul"
            aria-label={text.title}
            sx={{
              listStyle: 'none',
              p: 0,
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
              gap: 1,
              fontFamily: 'monospace',
              fontSize: '1.1rem',
              maxWidth: 420,
            }}
          >
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </Box>
        </>
      ) : (
        <Alert severity="info">{text.none}</Alert>
      )}
      <Button component={RouterLink} to="/account/two-factor-authentication" sx={{ mt: 2 }}>
        {text.back}
      </Button>
    </Box>
  );
}
