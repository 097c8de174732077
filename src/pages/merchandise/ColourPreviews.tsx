import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { logoBox, type Placement, type Size } from '../../../contract/composition';
import type { ApparelColour } from '../../../contract/merchandise';

interface ColourPreviewsProps {
  colours: ApparelColour[];
  logoUrl: string;
  placement: Placement;
  apparel: Size;
  logoSize: Size;
}

/** Width of each preview, in pixels. */
const previewSize = 150;

/**
 * The front design on each chosen colour side by side: the colour's garment image with the
 * logo laid over it by CSS at the placement's fractions, so a move costs no canvas redraw.
 */
export function ColourPreviews({ colours, logoUrl, placement, apparel, logoSize }: ColourPreviewsProps) {
  const translate = useTranslate();
  const box = logoBox(placement, apparel, logoSize);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }} data-testid="colour-previews">
      {colours.map((colour) => (
        <Box key={colour.id} component="figure" sx={{ m: 0, width: previewSize }}>
          <Box sx={{ position: 'relative', aspectRatio: `${apparel.width} / ${apparel.height}` }}>
            <Box
              component="img"
              src={colour.imageUrl}
              alt={translate('app.merchandise.colourPreview', { colour: colour.name })}
              sx={{ width: '100%', height: '100%', display: 'block' }}
            />
            <Box
              component="img"
              src={logoUrl}
              alt=""
              sx={{
                position: 'absolute',
                left: `${(box.centreX / apparel.width) * 100}%`,
                top: `${(box.centreY / apparel.height) * 100}%`,
                width: `${(box.width / apparel.width) * 100}%`,
                height: `${(box.height / apparel.height) * 100}%`,
                transform: `translate(-50%, -50%) rotate(${box.rotation}deg)`,
              }}
            />
          </Box>
          <Typography component="figcaption" variant="caption">
            {colour.name}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
