import { Alert, Button } from '@mui/material';
import { Link as RouterLink } from 'wouter';
import { useAppMessages } from '../../i18n/locale';
import { AuthCard } from './AuthCard';

/** The half-signed-in state lasts five minutes; after that the password step starts again. */
export function ExpiredSignIn({ title, query }: { title: string; query: string }) {
  const appMessages = useAppMessages();
  return (
    <AuthCard title={title}>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {appMessages.signIn.expired}
      </Alert>
      <Button component={RouterLink} to={`/login${query}`} variant="contained">
        {appMessages.signIn.backToLogin}
      </Button>
    </AuthCard>
  );
}
