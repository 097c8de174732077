import {
  Box,
  Button,
  Card,
  CardContent,
  CardMedia,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Loading, Title, useTranslate } from 'react-admin';
import type { ReviewQueueItem } from '../../../contract/merchandise';
import { productReview } from '../../../contract/merchandise-review';
import { WorkflowActions } from '../../admin/engine/WorkflowActions';
import { formatCurrency } from '../../lib/currency';
import { http } from '../../providers';
import { useSeededName } from '../../i18n/seededName';

/**
 * A product on sale whose director changed its title, description or price, in a school that
 * reviews such changes: what it says now against what it would say, side by side.
 */
function PendingChanges({ item }: { item: ReviewQueueItem }) {
  const translate = useTranslate();
  const seeded = useSeededName();
  const pending = item.pendingChanges;
  if (!pending) return null;
  const headingId = `review-${item.id}-pending`;
  const rows = [
    ['app.merchandise.productTitle', item.title, pending.title],
    ['app.merchandise.description', seeded(item.description), pending.description],
    ['app.merchandise.price', formatCurrency(item.price), formatCurrency(pending.price)],
  ];
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 2 }}>
      <Typography id={headingId} variant="subtitle1" component="h3">
        {translate('app.reviews.pending')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('app.reviews.pendingHelp')}
      </Typography>
      <Table size="small" data-testid="pending-changes">
        <TableHead>
          <TableRow>
            <TableCell component="td" />
            <TableCell>{translate('app.reviews.now')}</TableCell>
            <TableCell>{translate('app.reviews.proposed')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(([label, now, proposed]) => (
            <TableRow key={label}>
              <TableCell component="th" scope="row">
                {translate(label)}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{now}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere', fontWeight: now === proposed ? undefined : 'bold' }}>
                {proposed}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** One submitted design: its pictures front and back, its school, the print files and the decision. */
function ReviewCard({ item, onDone }: { item: ReviewQueueItem; onDone: () => void }) {
  const translate = useTranslate();
  const seeded = useSeededName();
  const pictures = [
    ...(item.colours.some((colour) => colour.imageUrl)
      ? item.colours
          .filter((colour) => colour.imageUrl)
          .map((colour) => ({ src: colour.imageUrl!, caption: seeded(colour.name) }))
      : item.media.map((media) => ({ src: media.imageUrl, caption: item.title }))),
    ...item.printFiles
      .filter((file) => file.side === 'back')
      .map((file) => ({ src: file.url, caption: translate('app.merchandise.backPicture') })),
  ];
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={`review-${item.id}`}
      data-testid="review-item"
    >
      <CardContent>
        <Typography id={`review-${item.id}`} variant="h6" component="h2">
          {item.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {item.organizationName} · {formatCurrency(item.price)}
        </Typography>
        <Typography variant="body2" sx={{ my: 1 }}>
          {item.description}
        </Typography>
        <PendingChanges item={item} />
      </CardContent>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 220px), 1fr))',
          gap: 1,
          px: 2,
        }}
      >
        {pictures.map((picture) => (
          <Box component="figure" key={picture.src} sx={{ m: 0 }}>
            <CardMedia
              component="img"
              image={picture.src}
              alt={translate('app.reviews.picture', { title: item.title, caption: picture.caption })}
              sx={{ height: 220, objectFit: 'contain', bgcolor: 'grey.200', borderRadius: 1 }}
            />
            <Typography component="figcaption" variant="caption">
              {picture.caption}
            </Typography>
          </Box>
        ))}
      </Box>
      <CardContent>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          {item.printFiles.map((file) => (
            <Button key={file.side} component="a" href={file.url} download size="small">
              {translate(`app.merchandise.downloadPrint.${file.side}`)}
            </Button>
          ))}
        </Box>
        <WorkflowActions definition={productReview} record={item} onDone={onDone} />
      </CardContent>
    </Card>
  );
}

/**
 * `/admin/reviews`: the designs waiting for a decision, oldest first, each with what will be
 * printed, approved or sent back with a comment by keyboard as by mouse. A reviewer sees the
 * schools assigned to them, an Admin every school's.
 */
export function ReviewsPage() {
  const translate = useTranslate();
  const { data, isPending, refetch } = useQuery({
    queryKey: ['merchandise', 'review-queue'],
    queryFn: ({ signal }) =>
      http<{ result: ReviewQueueItem[] }>('/api/merchandise/review-queue', { signal }).then(
        (body) => body.result,
      ),
  });
  const title = translate('app.reviews.title');
  // A decided design leaves the queue and its buttons with it: the keyboard goes on from the
  // page's heading (the layout's h1 in `main`) rather than from the top of the document.
  const decided = async () => {
    await refetch();
    document.querySelector<HTMLElement>('main h1')?.focus();
  };
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={title} />
      {isPending ? (
        <Loading />
      ) : !data || data.length === 0 ? (
        <Typography>{translate('app.reviews.empty')}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {data.map((item) => (
            <ReviewCard key={item.id} item={item} onDone={() => void decided()} />
          ))}
        </Box>
      )}
    </Box>
  );
}
