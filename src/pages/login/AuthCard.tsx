import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { PortalBrand } from '../../layout/PortalBrand';
import { useDocumentTitle } from '../../layout/PortalBrand';

/** The centred card every public sign-in page sits in, under the portal's mark and name. */
export function AuthCard({
  title,
  children,
  maxWidth = 420,
}: {
  title: string;
  children: ReactNode;
  maxWidth?: number;
}) {
  useDocumentTitle(title);
  return (
    <Box component="main" sx={{ display: 'flex', justifyContent: 'center', p: 2, mt: { xs: 2, sm: 8 } }}>
      <Paper sx={{ p: 4, width: '100%', maxWidth }} elevation={2}>
        <Box sx={{ mb: 2 }}>
          <PortalBrand />
        </Box>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}
