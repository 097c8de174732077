import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Link as MuiLink,
  Skeleton,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { type CampaignProduct, campaignProductsInputSchema } from '../../../contract/campaigns';
import { formatCurrency, formatNumber } from '../../lib/currency';
import { type FormErrors, formErrorsOf, formErrorsOfZod, noErrors } from '../../lib/formErrors';
import { useFailureToast } from '../../providers/failureToast';
import { type Candidate, campaignKeys, saveProducts, useCampaignProducts, useCandidates } from './api';
import { Thumbnail } from './Thumbnail';

/** What a print shop usually needs of one design before it prints it at all. */
const defaultMinimum = 24;

/** A product as the director is editing it: the numbers as typed, so a half-typed one stays. */
interface Row {
  product: Omit<CampaignProduct, 'minimum' | 'fundraising' | 'salePrice'>;
  minimum: string;
  fundraising: string;
}

const rowOf = (product: CampaignProduct): Row => ({
  product,
  minimum: String(product.minimum),
  fundraising: product.fundraising.toFixed(2),
});

const fromCandidate = (candidate: Candidate): Row => ({
  product: { ...candidate, units: 0 },
  minimum: String(defaultMinimum),
  fundraising: '0.00',
});

/** A typed number, or NaN for the contract to refuse in the user's words ('Minimum must be a number'). */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

function Progress({ units, minimum }: { units: number; minimum: number }) {
  const translate = useTranslate();
  const met = units >= minimum;
  const label = translate('app.campaigns.unitsOfMinimum', {
    units: formatNumber(units),
    minimum: formatNumber(minimum),
  });
  return (
    <Box sx={{ minWidth: 140, flex: '1 1 140px' }}>
      <Typography variant="body2">
        {label}
        {met && ` · ${translate('app.campaigns.met')}`}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, minimum > 0 ? (units / minimum) * 100 : 100)}
        color={met ? 'success' : 'primary'}
        aria-label={label}
        sx={{ height: 8, borderRadius: 1, mt: 0.5 }}
      />
    </Box>
  );
}

function ProductRow({
  row,
  index,
  editable,
  errors,
  onChange,
  onRemove,
}: {
  row: Row;
  index: number;
  editable: boolean;
  errors: Record<string, string>;
  onChange: (row: Row) => void;
  onRemove: () => void;
}) {
  const translate = useTranslate();
  const { product } = row;
  const minimum = numberOf(row.minimum);
  const fundraising = numberOf(row.fundraising);
  const salePrice = Number.isFinite(fundraising) ? product.price + fundraising : product.price;
  const error = (field: string) => errors[`products.${index}.${field}`];
  return (
    <Box
      component="li"
      data-testid="campaign-product"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        alignItems: 'center',
        py: 2,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flex: '1 1 220px', minWidth: 0 }}>
        <Thumbnail url={product.thumbnailUrl} />
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h3" variant="subtitle1" sx={{ overflowWrap: 'anywhere' }}>
            {product.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('app.campaigns.priceAndSale', {
              price: formatCurrency(product.price),
              sale: formatCurrency(salePrice),
            })}
          </Typography>
          {error('productId') && (
            <Typography variant="body2" color="error" role="alert">
              {error('productId')}
            </Typography>
          )}
        </Box>
      </Box>
      <TextField
        size="small"
        type="number"
        label={translate('app.campaigns.minimum')}
        value={row.minimum}
        disabled={!editable}
        onChange={(event) => onChange({ ...row, minimum: event.target.value })}
        error={Boolean(error('minimum'))}
        helperText={error('minimum')}
        slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
        sx={{ width: 120 }}
      />
      <TextField
        size="small"
        type="number"
        label={translate('app.campaigns.fundraising')}
        value={row.fundraising}
        disabled={!editable}
        onChange={(event) => onChange({ ...row, fundraising: event.target.value })}
        error={Boolean(error('fundraising'))}
        helperText={error('fundraising')}
        slotProps={{ htmlInput: { min: 0, step: 0.01, inputMode: 'decimal' } }}
        sx={{ width: 140 }}
      />
      <Progress units={product.units} minimum={Number.isFinite(minimum) && minimum > 0 ? minimum : 1} />
      {editable && (
        <Button
          color="error"
          onClick={onRemove}
          aria-label={translate('app.campaigns.removeProduct', { title: product.title })}
        >
          {translate('app.campaigns.remove')}
        </Button>
      )}
    </Box>
  );
}

/** Picks one of the school's approved products the window does not sell yet. */
function AddProduct({
  id,
  chosen,
  onAdd,
}: {
  id: number;
  chosen: readonly number[];
  onAdd: (candidate: Candidate) => void;
}) {
  const translate = useTranslate();
  const candidates = useCandidates(id, true);
  const [picked, setPicked] = useState('');
  const selectId = useId();
  if (candidates.isPending) return <Skeleton variant="rounded" height={40} sx={{ mt: 2 }} />;
  if (candidates.error) return null;
  if (candidates.data.length === 0)
    return (
      <Alert severity="info" sx={{ mt: 2 }}>
        {translate('app.campaigns.noneApproved')}{' '}
        <MuiLink component={Link} to="/admin/merchandise">
          {translate('app.campaigns.toMerchandise')}
        </MuiLink>
      </Alert>
    );
  const left = candidates.data.filter((candidate) => !chosen.includes(candidate.productId));
  if (left.length === 0)
    return (
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        {translate('app.campaigns.allAdded')}
      </Typography>
    );
  const add = () => {
    const candidate = left.find((one) => String(one.productId) === picked) ?? left[0];
    onAdd(candidate);
    setPicked('');
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 2 }}>
      <TextField
        select
        size="small"
        id={selectId}
        label={translate('app.campaigns.product')}
        value={picked || String(left[0].productId)}
        onChange={(event) => setPicked(event.target.value)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ flex: '1 1 220px', maxWidth: 420 }}
      >
        {left.map((candidate) => (
          <option key={candidate.productId} value={candidate.productId}>
            {`${candidate.title} (${formatCurrency(candidate.price)})`}
          </option>
        ))}
      </TextField>
      <Button variant="outlined" onClick={add}>
        {translate('app.campaigns.addProduct')}
      </Button>
    </Box>
  );
}

/**
 * The products a store window sells: each with its minimum, fundraising amount, sale price and
 * units sold so far, edited in place and saved as one list. Once the window has closed what it
 * sold is what the print shop produces, so the list is only shown.
 */
export function ProductsPanel({ id, editable, closed }: { id: number; editable: boolean; closed: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const failureToast = useFailureToast();
  const queryClient = useQueryClient();
  const products = useCampaignProducts(id);
  const [rows, setRows] = useState<Row[]>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const headingId = useId();
  const canEdit = editable && !closed;

  // The server's list, unless the director is changing it: a refetch must not undo their edits.
  useEffect(() => {
    if (products.data && !dirty) setRows(products.data.map(rowOf));
  }, [products.data, dirty]);

  const change = (next: Row[]) => {
    setRows(next);
    setDirty(true);
    setErrors(noErrors);
  };

  const save = async () => {
    if (!rows) return;
    const body = rows.map((row) => ({
      productId: row.product.productId,
      minimum: numberOf(row.minimum),
      fundraising: numberOf(row.fundraising),
    }));
    const checked = campaignProductsInputSchema.safeParse({ products: body });
    if (!checked.success) {
      setErrors(formErrorsOfZod(checked.error));
      return;
    }
    setSaving(true);
    try {
      const saved = await saveProducts(id, checked.data.products);
      queryClient.setQueryData(campaignKeys.products(id), saved);
      setRows(saved.result.map(rowOf));
      setDirty(false);
      notify(translate('app.campaigns.saved'), { type: 'success' });
    } catch (error) {
      setErrors(formErrorsOf(error, translate('app.campaigns.saveFailed')));
      failureToast(error, { formErrorsShown: true });
    } finally {
      setSaving(false);
    }
  };

  // A failure the rows cannot show (the window closed meanwhile: `products`) is said above them.
  const rowField = /^products\.\d+\./;
  const general = [
    errors.message,
    ...Object.entries(errors.fields)
      .filter(([name]) => !rowField.test(name))
      .map(([, message]) => message),
  ].filter(Boolean);

  return (
    <Card component="section" aria-labelledby={headingId} sx={{ mt: 2 }}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h2">
          {translate('app.campaigns.products')}
        </Typography>
        {closed && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {translate('app.campaigns.closedReadOnly')}
          </Typography>
        )}
        {general.map((message) => (
          <Alert key={message} severity="error" sx={{ mt: 1 }}>
            {message}
          </Alert>
        ))}
        {products.isPending || !rows ? (
          products.error ? (
            <Alert severity="error" sx={{ mt: 1 }}>
              {translate('app.campaigns.loadFailed')}
            </Alert>
          ) : (
            <Box aria-busy="true" sx={{ mt: 1 }}>
              <Skeleton variant="rounded" height={72} />
            </Box>
          )
        ) : (
          <>
            {rows.length === 0 ? (
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                {translate('app.campaigns.noProducts')}
              </Typography>
            ) : (
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
                {rows.map((row, index) => (
                  <ProductRow
                    key={row.product.productId}
                    row={row}
                    index={index}
                    editable={canEdit}
                    errors={errors.fields}
                    onChange={(next) => change(rows.map((one, at) => (at === index ? next : one)))}
                    onRemove={() => change(rows.filter((_, at) => at !== index))}
                  />
                ))}
              </Box>
            )}
            {canEdit && (
              <>
                <AddProduct
                  id={id}
                  chosen={rows.map((row) => row.product.productId)}
                  onAdd={(candidate) => change([...rows, fromCandidate(candidate)])}
                />
                <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mt: 2 }}>
                  <Button variant="contained" onClick={save} disabled={!dirty || saving}>
                    {translate('app.campaigns.saveProducts')}
                  </Button>
                  {dirty && (
                    <Typography variant="body2" color="text.secondary">
                      {translate('app.campaigns.unsaved')}
                    </Typography>
                  )}
                </Box>
              </>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
