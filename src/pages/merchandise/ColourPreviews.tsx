import { Box, Typography } from '@mui/material';
import type { Font } from 'opentype.js';
import { useEffect, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { logoBox, type Placement, type Size } from '../../../contract/composition';
import type { ApparelColour } from '../../../contract/merchandise';
import { svgPathData, type TextLayer, textShape } from '../../../contract/text';
import { loadTextFont } from './textArt';
import { useSeededName } from '../../i18n/seededName';

interface ColourPreviewsProps {
  colours: ApparelColour[];
  logoUrl: string;
  placement: Placement;
  apparel: Size;
  logoSize: Size;
  /** The front's text, if any, and how many inches the garment image spans across. */
  text: TextLayer | null;
  inchesAcross: number;
}

/** Width of each preview, in pixels. */
const previewSize = 150;

/**
 * The front text in garment inches, from the same outlines the studio and the print file draw;
 * null until its font has loaded, or when nothing is written.
 */
function useFrontText(text: TextLayer | null, inchesAcross: number, apparel: Size) {
  const [font, setFont] = useState<{ id: string; font: Font } | null>(null);
  const fontId = text?.font ?? null;
  useEffect(() => {
    if (!fontId) return;
    let current = true;
    loadTextFont(fontId).then(
      (loaded) => current && setFont({ id: fontId, font: loaded }),
      // The studio itself says when a font does not load; the preview just goes without the text.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [fontId]);
  return useMemo(() => {
    if (!text || !font || font.id !== text.font || text.text.trim() === '') return null;
    const shape = textShape(font.font, text.text, text.size, text.arc);
    const inchesDown = (inchesAcross * apparel.height) / apparel.width;
    const x = text.placement.x * inchesAcross;
    const y = text.placement.y * inchesDown;
    return { d: svgPathData(shape.commands, 1, x, y), x, y, inchesDown };
  }, [text, font, inchesAcross, apparel]);
}

/**
 * The front design on each chosen colour side by side: the colour's garment image with the
 * logo laid over it by CSS at the placement's fractions, and the front text as an SVG path in
 * garment inches, so a move costs no canvas redraw.
 */
export function ColourPreviews({
  colours,
  logoUrl,
  placement,
  apparel,
  logoSize,
  text,
  inchesAcross,
}: ColourPreviewsProps) {
  const translate = useTranslate();
  const seeded = useSeededName();
  const box = logoBox(placement, apparel, logoSize);
  const letters = useFrontText(text, inchesAcross, apparel);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }} data-testid="colour-previews">
      {colours.map((colour) => (
        <Box key={colour.id} component="figure" sx={{ m: 0, width: previewSize }}>
          <Box sx={{ position: 'relative', aspectRatio: `${apparel.width} / ${apparel.height}` }}>
            <Box
              component="img"
              src={colour.imageUrl}
              alt={translate('app.merchandise.colourPreview', { colour: seeded(colour.name) })}
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
            {letters && text && (
              <Box
                component="svg"
                viewBox={`0 0 ${inchesAcross} ${letters.inchesDown}`}
                aria-hidden="true"
                data-testid="colour-preview-text"
                sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
              >
                <path
                  d={letters.d}
                  transform={`rotate(${text.rotation} ${letters.x} ${letters.y})`}
                  fill={text.colour}
                  stroke={text.outline?.colour ?? 'none'}
                  strokeWidth={text.outline ? 2 * text.outline.width : 0}
                  strokeLinejoin="round"
                  paintOrder="stroke"
                />
              </Box>
            )}
          </Box>
          <Typography component="figcaption" variant="caption">
            {seeded(colour.name)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
