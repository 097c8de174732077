import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { type CloseOut, platformSharePercent } from '../../../contract/campaigns';
import { formatCurrency, formatNumber } from '../../lib/currency';
import { useFailureToast } from '../../providers/failureToast';
import { campaignKeys, packageUrl, rebuildPackage, useCloseOut } from './api';

function Figures({ closeOut }: { closeOut: CloseOut }) {
  const translate = useTranslate();
  const figures = [
    [translate('app.campaigns.orders'), formatNumber(closeOut.orders)],
    [translate('app.campaigns.units'), formatNumber(closeOut.units)],
    [translate('app.campaigns.raised'), formatCurrency(closeOut.raised)],
    [
      translate('app.campaigns.platformShare', { percent: platformSharePercent }),
      formatCurrency(closeOut.platformShare),
    ],
  ] as const;
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))',
        gap: 2,
        m: 0,
        mt: 1,
      }}
    >
      {figures.map(([label, value]) => (
        <Box key={label}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="h6" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Minimums({ products }: { products: CloseOut['products'] }) {
  const translate = useTranslate();
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {products.map((product) => (
        <Box
          component="li"
          key={product.productId}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', py: 1 }}
        >
          <Typography sx={{ flex: '1 1 200px', overflowWrap: 'anywhere' }}>{product.title}</Typography>
          <Typography variant="body2">
            {translate('app.campaigns.unitsOfMinimum', {
              units: formatNumber(product.units),
              minimum: formatNumber(product.minimum),
            })}
          </Typography>
          {product.met ? (
            <Chip size="small" color="success" label={translate('app.campaigns.met')} />
          ) : (
            <>
              <Chip size="small" color="warning" label={translate('app.campaigns.notMet')} />
              <Typography variant="body2" color="text.secondary">
                {translate('app.campaigns.willBeRefunded')}
              </Typography>
            </>
          )}
        </Box>
      ))}
    </Box>
  );
}

/** Units by product, colour and size: a table, and a card per line on a phone. */
function Counts({ counts, labelId }: { counts: CloseOut['counts']; labelId: string }) {
  const translate = useTranslate();
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  if (counts.length === 0)
    return <Typography color="text.secondary">{translate('app.campaigns.noCounts')}</Typography>;
  if (narrow)
    return (
      <Box component="ul" aria-labelledby={labelId} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {counts.map((count) => (
          <Box
            component="li"
            key={`${count.productId}-${count.colour}-${count.size}`}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, mb: 1 }}
          >
            <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{count.title}</Typography>
            <Typography variant="body2">
              {translate('app.campaigns.countLine', {
                colour: count.colour,
                size: count.size,
                units: formatNumber(count.units),
              })}
            </Typography>
          </Box>
        ))}
      </Box>
    );
  return (
    <Table size="small" aria-labelledby={labelId}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('app.campaigns.product')}</TableCell>
          <TableCell>{translate('app.campaigns.colour')}</TableCell>
          <TableCell>{translate('app.campaigns.size')}</TableCell>
          <TableCell align="right">{translate('app.campaigns.units')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {counts.map((count) => (
          <TableRow key={`${count.productId}-${count.colour}-${count.size}`}>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{count.title}</TableCell>
            <TableCell>{count.colour}</TableCell>
            <TableCell>{count.size}</TableCell>
            <TableCell align="right">{formatNumber(count.units)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The failed build's reason, and a way to build it again for whoever may change the window. */
function FailedPackage({ id, error, editable }: { id: number; error: string | null; editable: boolean }) {
  const translate = useTranslate();
  const failureToast = useFailureToast();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const buildAgain = async () => {
    setAsking(true);
    try {
      queryClient.setQueryData(campaignKeys.closeOut(id), await rebuildPackage(id));
    } catch (caught) {
      failureToast(caught);
    } finally {
      setAsking(false);
    }
  };
  return (
    <Alert
      severity="error"
      action={
        editable ? (
          <Button color="inherit" size="small" disabled={asking} onClick={() => void buildAgain()}>
            {translate('app.campaigns.buildAgain')}
          </Button>
        ) : undefined
      }
    >
      {translate('app.campaigns.packageFailed', { error: error ?? '' })}
    </Alert>
  );
}

function Package({ id, closeOut, editable }: { id: number; closeOut: CloseOut; editable: boolean }) {
  const translate = useTranslate();
  const { status, error } = closeOut.package;
  if (status === 'failed') return <FailedPackage id={id} error={error} editable={editable} />;
  if (status === 'ready')
    return (
      <Button variant="contained" component="a" href={packageUrl(id)} download startIcon={<DownloadIcon />}>
        {translate('app.campaigns.downloadPackage')}
      </Button>
    );
  return (
    <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      {status === 'building' && <CircularProgress size={20} aria-hidden="true" />}
      <Typography>
        {translate(status === 'building' ? 'app.campaigns.preparing' : 'app.campaigns.notPrepared')}
      </Typography>
    </Box>
  );
}

/**
 * A closed window's figures for the print shop and the school: orders and units, each product's
 * minimum met or not (those not met are refunded), the money raised and the platform's share, the
 * units by product, colour and size, and the package to download once its job has built it.
 */
export function CloseOutPanel({ id, editable }: { id: number; editable: boolean }) {
  const translate = useTranslate();
  const closeOut = useCloseOut(id, true);
  const headingId = useId();
  const countsId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ mt: 2 }}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h2">
          {translate('app.campaigns.closeOut')}
        </Typography>
        {closeOut.isPending ? (
          <Box aria-busy="true" sx={{ mt: 1 }}>
            <Skeleton variant="rounded" height={120} />
          </Box>
        ) : closeOut.error ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {translate('app.campaigns.closeOutFailed')}
          </Alert>
        ) : (
          <>
            <Figures closeOut={closeOut.data} />
            <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
              {translate('app.campaigns.minimums')}
            </Typography>
            <Minimums products={closeOut.data.products} />
            <Typography id={countsId} variant="subtitle1" component="h3" sx={{ mt: 2, mb: 1 }}>
              {translate('app.campaigns.byColourAndSize')}
            </Typography>
            <Box sx={{ overflowX: 'auto' }}>
              <Counts counts={closeOut.data.counts} labelId={countsId} />
            </Box>
            <Box sx={{ mt: 2 }}>
              <Package id={id} closeOut={closeOut.data} editable={editable} />
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}
