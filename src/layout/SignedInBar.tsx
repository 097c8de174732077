import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'wouter';
import type { Me } from '../../contract/account';
import { useAppMessages } from '../i18n/locale';
import { PortalBrand } from './PortalBrand';
import { signOut } from './signOut';

/**
 * The top bar of the pages outside the admin (home, error pages, the account area, sign-in
 * pages) once someone is signed in: a user without a role, sent to /403, still has a way to
 * their account and out.
 */
export function SignedInBar({ user }: { user: Me }) {
  const text = useAppMessages().layout;
  const [, navigate] = useLocation();
  const [signingOut, setSigningOut] = useState(false);
  return (
    <Box
      component="header"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 2,
        py: 1,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
      }}
    >
      <PortalBrand inverted nameHiddenOnPhones />
      <Box sx={{ flex: 1 }} />
      <Typography component="span" variant="body2" sx={{ display: { xs: 'none', md: 'inline' } }}>
        {user.email}
      </Typography>
      <Button
        color="inherit"
        component={RouterLink}
        to="/account/change-password"
        sx={{ textTransform: 'none' }}
      >
        {text.manageAccount}
      </Button>
      <Button
        color="inherit"
        variant="outlined"
        disabled={signingOut}
        sx={{ textTransform: 'none' }}
        onClick={() => {
          setSigningOut(true);
          void signOut(navigate).finally(() => setSigningOut(false));
        }}
      >
        {text.logout}
      </Button>
    </Box>
  );
}
