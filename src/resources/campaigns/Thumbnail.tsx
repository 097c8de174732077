import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A product's picture in a fixed square, or a grey square saying there is none. */
export function Thumbnail({ url, size = 56 }: { url: string | null; size?: number }) {
  const translate = useTranslate();
  const box = { width: size, height: size, flexShrink: 0, borderRadius: 1, bgcolor: 'action.hover' };
  if (!url)
    return (
      <Box
        sx={{ ...box, display: 'grid', placeItems: 'center', fontSize: 10, color: 'text.secondary' }}
        aria-hidden="true"
      >
        {translate('app.campaigns.noThumbnail')}
      </Box>
    );
  return (
    <Box component="img" src={url} alt="" width={size} height={size} sx={{ ...box, objectFit: 'contain' }} />
  );
}
