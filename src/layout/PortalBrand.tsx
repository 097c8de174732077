import { Box, Typography } from '@mui/material';
import { portalName } from '../lib/portalName';

/**
 * The portal's mark: a pennant star on a rounded square. Inline, so it costs no request; the
 * name beside it says what it is, so screen readers skip it.
 */
export function PortalMark({ size = 28, inverted = false }: { size?: number; inverted?: boolean }) {
  const ground = inverted ? '#ffffff' : '#1e3a8a';
  const star = inverted ? '#1e3a8a' : '#ffffff';
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill={ground} />
      <path d="M16 6.5l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L16 20.9 10.3 24l1.2-6.4-4.7-4.4 6.4-.8z" fill={star} />
      <rect x="7" y="26" width="18" height="2" rx="1" fill="#b91c1c" />
    </svg>
  );
}

/** The mark and the portal's name, as the sign-in card and the top bar show them. */
export function PortalBrand({
  inverted = false,
  nameHiddenOnPhones = false,
}: {
  inverted?: boolean;
  nameHiddenOnPhones?: boolean;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid="portal-brand">
      <PortalMark inverted={inverted} />
      <Typography
        component="span"
        sx={{
          fontWeight: 600,
          fontSize: '1.05rem',
          whiteSpace: 'nowrap',
          display: nameHiddenOnPhones ? { xs: 'none', sm: 'inline' } : 'inline',
        }}
      >
        {portalName}
      </Typography>
    </Box>
  );
}
