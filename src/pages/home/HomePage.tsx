import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'wouter';
import { useAppMessages } from '../../i18n/locale';
import { portalName, useDocumentTitle } from '../../layout/PortalBrand';
import { session } from '../../providers';
import { useSignedInUser } from '../../providers/session';

/** `/` and `/home`: a short welcome with a way in; signed-in users get a link to the portal. */
export function HomePage() {
  const user = useSignedInUser(session);
  const { home } = useAppMessages();
  useDocumentTitle(home.title);
  return (
    <Box component="main" sx={{ p: 4, maxWidth: 640, mx: 'auto', textAlign: 'center', mt: 8 }}>
      <Typography variant="h3" component="h1" gutterBottom>
        {portalName}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {home.tagline}
      </Typography>
      <Button variant="contained" component={RouterLink} to={user ? '/admin' : '/login'}>
        {user ? home.goToPortal : home.signIn}
      </Button>
    </Box>
  );
}
