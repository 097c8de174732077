import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loading, Title, useGetOne, useNotify, useRedirect, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import type { User } from '../../../contract/users';
import { AdminNotFoundPage } from '../../pages/errors/ErrorPage';
import { useFailureToast } from '../../providers/failureToast';
import { useResourcePath } from '../useResourcePath';
import { sendConfirmEmail, setUserLocked } from './api';

function ConfirmCard({
  title,
  question,
  action,
  pending,
  onConfirm,
  children,
}: {
  title: string;
  question: string;
  action: string;
  pending: boolean;
  onConfirm: () => void;
  children?: React.ReactNode;
}) {
  const translate = useTranslate();
  const path = useResourcePath('users');
  return (
    <Box sx={{ mt: 2, maxWidth: 560 }}>
      <Title title={title} />
      <Card>
        <CardContent>
          {/* The page's h1 is the layout's (PageTitle); the question is this card's heading. */}
          <Typography variant="h6" component="h2" gutterBottom>
            {question}
          </Typography>
          {children}
        </CardContent>
        <CardActions>
          <Button variant="contained" disabled={pending} onClick={onConfirm}>
            {action}
          </Button>
          <Button component={Link} to={path()}>
            {translate('app.users.cancel')}
          </Button>
        </CardActions>
      </Card>
    </Box>
  );
}

function useAccountAction<T>(run: () => Promise<T>, success: () => string) {
  const notify = useNotify();
  const redirect = useRedirect();
  const queryClient = useQueryClient();
  const failureToast = useFailureToast();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      notify(success(), { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['users'] });
      redirect('list', 'users');
    },
    onError: (error) => failureToast(error),
  });
}

/** `/admin/users/lock/{id}` and `/admin/users/unlock/{id}`. */
export function UserLockPage({ id, lock }: { id: number; lock: boolean }) {
  const translate = useTranslate();
  const failureToast = useFailureToast();
  const { data: user, isPending } = useGetOne<User>('users', { id }, { onError: failureToast });
  const email = user?.email ?? '';
  const mutation = useAccountAction(
    () => setUserLocked(id, lock),
    () => translate(lock ? 'app.users.lockedToast' : 'app.users.unlockedToast', { email }),
  );
  if (isPending) return <Loading />;
  if (!user) return <AdminNotFoundPage />;
  return (
    <ConfirmCard
      title={translate(lock ? 'app.users.lockUser' : 'app.users.unlockUser')}
      question={translate(lock ? 'app.users.lockConfirm' : 'app.users.unlockConfirm')}
      action={translate('app.users.confirm')}
      pending={mutation.isPending}
      onConfirm={() => mutation.mutate()}
    >
      <Typography>{user.email}</Typography>
    </ConfirmCard>
  );
}

/** `/admin/users/resend/{id}`: a confirm form with the account's email, not editable. */
export function UserResendPage({ id }: { id: number }) {
  const translate = useTranslate();
  const failureToast = useFailureToast();
  const { data: user, isPending } = useGetOne<User>('users', { id }, { onError: failureToast });
  const email = user?.email ?? '';
  const mutation = useAccountAction(
    () => sendConfirmEmail(email),
    () => translate('app.users.inviteSent', { email }),
  );
  if (isPending) return <Loading />;
  if (!user) return <AdminNotFoundPage />;
  return (
    <ConfirmCard
      title={translate('app.users.resendTitle')}
      question={translate('app.users.resendConfirm')}
      action={translate('app.users.send')}
      pending={mutation.isPending}
      onConfirm={() => mutation.mutate()}
    >
      <MuiTextField label={translate('app.users.email')} value={email} disabled fullWidth margin="normal" />
    </ConfirmCard>
  );
}
