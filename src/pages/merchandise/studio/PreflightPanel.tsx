import { Box, Button, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { PreflightIssue, PreflightResult } from '../../../../contract/preflight';
import type { Side } from '../../../../contract/composition';
import { useSeededName } from '../../../i18n/seededName';
import type { Layer } from '../../../../contract/text';
import { productLayers, type StudioState } from './studioState';

/** The catalogue key of an issue's message: the resolution rule says one thing as an error, another as a warning. */
const messageKey = (issue: PreflightIssue) =>
  issue.rule === 'resolution'
    ? issue.severity === 'error'
      ? 'resolutionError'
      : 'resolutionWarning'
    : issue.rule === 'colours'
      ? issue.values.method === 'screen'
        ? 'fitsScreen'
        : 'needsDtg'
      : issue.rule;

/** Which piece of the design an issue is about, as the director sees it: its field names the layer Create sends. */
function pieceKey(issue: PreflightIssue, layers: Layer[]) {
  if (issue.field === 'PlacementWidth') return 'frontLogo';
  const index = /^Layers\[(\d+)\]$/.exec(issue.field ?? '')?.[1];
  const layer = index === undefined ? undefined : layers[Number(index)];
  return layer ? `${layer.side}${layer.kind === 'logo' ? 'Logo' : 'Text'}` : issue.side;
}

const severityColour = { error: 'error.main', warning: 'warning.dark', note: 'text.secondary' } as const;

interface PreflightPanelProps {
  state: StudioState;
  preflight: PreflightResult | null;
  /** Shows a side and puts the keyboard on its logo's size, where a resolution is fixed. */
  onResize: (side: Side) => void;
}

/**
 * The preflight as the design stands, redrawn as it changes: each finding with the piece it is
 * about, most serious first; a logo too soft to print offers the way to its size slider.
 */
export function PreflightPanel({ state, preflight, onResize }: PreflightPanelProps) {
  const translate = useTranslate();
  const seeded = useSeededName();
  if (!preflight) return null;
  const order = { error: 0, warning: 1, note: 2 };
  const issues = [...preflight.issues].sort((a, b) => order[a.severity] - order[b.severity]);
  const serious = issues.some((issue) => issue.severity !== 'note');
  const layers = productLayers(state, 0);
  return (
    <Box component="section" aria-labelledby="studio-preflight" data-testid="preflight">
      <Typography variant="subtitle1" component="h3" id="studio-preflight">
        {translate('app.merchandise.preflight.heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(serious ? 'app.merchandise.preflight.intro' : 'app.merchandise.preflight.allClear')}
      </Typography>
      <List dense disablePadding>
        {issues.map((issue, index) => {
          const piece = translate(`app.merchandise.preflight.piece.${pieceKey(issue, layers)}`);
          const values = {
            ...issue.values,
            side: translate(`app.merchandise.side.${issue.side}`).toLowerCase(),
            garments: String(issue.values.garments ?? '')
              .split(', ')
              .map(seeded)
              .join(', '),
            garment: seeded(String(issue.values.garment ?? '')),
          };
          // Only a logo has a resolution, and its size slider is what fixes it.
          const side = issue.rule === 'resolution' ? issue.side : null;
          return (
            <ListItem
              key={`${issue.rule}-${issue.field}-${issue.side}-${index}`}
              data-testid={`preflight-${issue.severity}`}
              data-rule={issue.rule}
              disableGutters
              secondaryAction={
                side && (
                  <Button size="small" onClick={() => onResize(side)}>
                    {translate('app.merchandise.preflight.fix', { piece: piece.toLowerCase() })}
                  </Button>
                )
              }
            >
              <ListItemText
                primary={`${translate(`app.merchandise.preflight.severity.${issue.severity}`)} · ${piece}`}
                secondary={translate(`app.merchandise.preflight.${messageKey(issue)}`, values)}
                slotProps={{
                  primary: {
                    variant: 'body2',
                    sx: { color: severityColour[issue.severity], fontWeight: 500 },
                  },
                }}
              />
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}
