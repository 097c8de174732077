import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Loading, Title, useGetOne, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import type { OrderItem } from '../../../contract/definitions/order-items';
import { ordersWithoutSchemas } from '../../../contract/definitions/orders';
import { formatCurrency } from '../../lib/currency';
import { formatDateTime } from '../../lib/dates';
import { AdminNotFoundPage } from '../../pages/errors/ErrorPage';
import { http } from '../../providers';
import { useResourcePath } from '../useResourcePath';

const thumbnailSize = 56;

function Thumbnail({ item }: { item: OrderItem }) {
  const translate = useTranslate();
  if (!item.thumbnailUrl)
    return (
      <Box
        sx={{
          width: thumbnailSize,
          height: thumbnailSize,
          bgcolor: 'action.hover',
          borderRadius: 1,
          display: 'grid',
          placeItems: 'center',
          fontSize: 10,
          color: 'text.secondary',
          textAlign: 'center',
        }}
      >
        {translate('app.orders.noThumbnail')}
      </Box>
    );
  return (
    <Box
      component="img"
      src={item.thumbnailUrl}
      alt=""
      width={thumbnailSize}
      height={thumbnailSize}
      sx={{ objectFit: 'contain', borderRadius: 1, bgcolor: 'action.hover' }}
    />
  );
}

/** `/admin/orders/details/{id}`: the order and what it sold; read-only, for who may read the order. */
export function OrderDetails({ id }: { id: number }) {
  const translate = useTranslate();
  const path = useResourcePath(ordersWithoutSchemas.name);
  const order = useGetOne(ordersWithoutSchemas.name, { id });
  const items = useQuery({
    queryKey: [ordersWithoutSchemas.name, id, 'items'],
    queryFn: ({ signal }) =>
      http<{ result: OrderItem[] }>(`/api/orders/${id}/items`, { signal, silent: true }),
    select: (body) => body.result,
  });
  if (order.isPending || items.isPending) return <Loading />;
  if (order.error || items.error || !order.data) return <AdminNotFoundPage />;
  const { data } = order;
  const heading = translate('app.orders.detailsOf', { number: data.orderNumber });
  // A negative total is money given back: accounting parentheses alone do not say so.
  const refund = data.total < 0;
  const total = refund ? (
    <>
      {formatCurrency(data.total)}{' '}
      <Chip size="small" label={translate('app.orders.refunded')} data-testid="refunded" />
    </>
  ) : (
    formatCurrency(data.total)
  );

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={heading} />
      <Card>
        <CardContent>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, m: 0 }}>
            {(
              [
                [ordersWithoutSchemas.fields.customerName.label, data.customerName],
                [ordersWithoutSchemas.fields.customerEmail.label, data.customerEmail],
                [ordersWithoutSchemas.fields.status.label, data.status],
                [ordersWithoutSchemas.fields.total.label, total],
                [ordersWithoutSchemas.fields.createdAt.label, formatDateTime(data.createdAt)],
              ] as const
            ).map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
          <Typography variant="subtitle1" component="h2" sx={{ mt: 3, mb: 1 }}>
            {translate('app.orders.items')}
          </Typography>
          {items.data.length === 0 ? (
            <Typography color="text.secondary">
              {translate(refund ? 'app.orders.refundNoItems' : 'app.orders.noItems')}
            </Typography>
          ) : (
            <Box sx={{ overflowX: 'auto' }}>
              {/* Fixed columns: a long title wraps between its words instead of widening the table. */}
              <Table size="small" sx={{ tableLayout: 'fixed', minWidth: 280 }}>
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ width: 72 }}>{translate('app.orders.product')}</TableCell>
                    <TableCell>{translate('app.orders.title')}</TableCell>
                    <TableCell align="right" sx={{ width: 64 }}>
                      {translate('app.orders.quantity')}
                    </TableCell>
                    <TableCell align="right" sx={{ width: 88 }}>
                      {translate('app.orders.price')}
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {items.data.map((item) => (
                    <TableRow key={item.id}>
                      <TableCell>
                        <Thumbnail item={item} />
                      </TableCell>
                      <TableCell sx={{ overflowWrap: 'break-word' }}>{item.title}</TableCell>
                      <TableCell align="right">{item.quantity}</TableCell>
                      <TableCell align="right">{formatCurrency(item.unitPrice)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
          <Button component={Link} to={path()} sx={{ mt: 2 }}>
            {translate('app.orders.back')}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
