import AddIcon from '@mui/icons-material/Add';
import {
  Box,
  Button,
  Card,
  CardContent,
  CardMedia,
  Grid,
  Skeleton,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import type { BaseApparel } from '../../../contract/merchandise';
import { AddColourDialog } from './AddColourDialog';
import { useCatalogue } from './api';
import { useSeededName } from '../../i18n/seededName';

function ApparelCard({ item, onAdd }: { item: BaseApparel; onAdd: () => void }) {
  const translate = useTranslate();
  const seeded = useSeededName();
  const title = seeded(item.title);
  return (
    <Card data-testid="catalogue-apparel" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardMedia
        component="img"
        image={item.media[0]?.imageUrl}
        alt={title}
        sx={{ aspectRatio: '1', objectFit: 'contain', bgcolor: 'grey.100' }}
      />
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="subtitle1" component="h3">
          {title}
        </Typography>
        {item.brand && (
          <Typography variant="body2" color="text.secondary">
            {item.brand}
          </Typography>
        )}
        <Box
          component="ul"
          aria-label={translate('app.baseApparel.coloursOf', { title })}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, my: 1 }}
        >
          {item.colours.map((colour) => (
            <Tooltip key={colour.id} title={`${seeded(colour.name)} ${colour.hex}`}>
              <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                <Box
                  aria-hidden
                  sx={{
                    width: 20,
                    height: 20,
                    borderRadius: '50%',
                    bgcolor: colour.hex,
                    border: 1,
                    borderColor: 'divider',
                  }}
                />
                <Typography variant="caption">{seeded(colour.name)}</Typography>
              </Box>
            </Tooltip>
          ))}
        </Box>
        {item.colours.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {translate('app.baseApparel.noColours')}
          </Typography>
        )}
      </CardContent>
      <Box sx={{ p: 2, pt: 0 }}>
        <Button
          startIcon={<AddIcon />}
          onClick={onAdd}
          aria-label={`${translate('app.baseApparel.addColour')} ${title}`}
        >
          {translate('app.baseApparel.addColour')}
        </Button>
      </Box>
    </Card>
  );
}

/** `/admin/base-apparel`, Admins only: the catalogue's garments, their colours, and adding one. */
export function BaseApparelPage() {
  const translate = useTranslate();
  const { data: items, isPending } = useCatalogue();
  const [adding, setAdding] = useState<BaseApparel | null>(null);

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('app.baseApparel.title')} />
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {translate('app.baseApparel.title')}
      </Typography>
      {isPending && <Skeleton variant="rounded" height={300} />}
      {items && (
        <Grid container spacing={2}>
          {items.map((item) => (
            <Grid key={item.id} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
              <ApparelCard item={item} onAdd={() => setAdding(item)} />
            </Grid>
          ))}
        </Grid>
      )}
      <AddColourDialog apparel={adding} onClose={() => setAdding(null)} />
    </Box>
  );
}
