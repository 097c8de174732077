import { Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { Loading, Title, useDelete, useGetOne, useNotify, useRedirect, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { useResourcePath } from '../useResourcePath';

/** `/admin/settings/delete/{entityId}`: asks 'Are you sure you want to delete this?'. */
export function SettingDelete() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const path = useResourcePath('settings');
  const { data, isPending } = useGetOne('settings', { id });
  const [deleteOne, { isPending: deleting }] = useDelete();
  if (isPending) return <Loading />;
  if (!data) return null;

  const confirm = () =>
    deleteOne(
      'settings',
      { id, previousData: data },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(translate('app.tables.deleted'), { type: 'success' });
          redirect('list', 'settings');
        },
        onError: (error) => notify(error instanceof Error ? error.message : String(error), { type: 'error' }),
      },
    );

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('app.tables.deleteSetting')} />
      <Card>
        <CardContent>
          <Typography variant="h6" component="h1" gutterBottom>
            {translate('app.tables.deletePageConfirm')}
          </Typography>
          <Typography>
            {translate('app.tables.key')}: <strong>{data.key}</strong>
          </Typography>
          <Typography>
            {translate('app.tables.value')}: {data.value}
          </Typography>
        </CardContent>
        <CardActions>
          <Button variant="contained" color="error" disabled={deleting} onClick={confirm}>
            {translate('app.tables.delete')}
          </Button>
          <Button component={Link} to={path()}>
            {translate('app.tables.cancel')}
          </Button>
        </CardActions>
      </Card>
    </Box>
  );
}
