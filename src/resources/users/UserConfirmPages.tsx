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
import { Link, useParams } from 'react-router-dom';
import type { User } from '../../contract/users';
import { useResourcePath } from '../useResourcePath';
import { sendConfirmEmail, setUserLocked } from './api';

type Failure = { body?: { validationFailures?: { propertyName: string; errorMessage: string }[] } };

/**
 * The http client already toasts failures without a property name ('Error: ...'); any
 * other first failure is toasted here, so a failed action always shows exactly one message.
 */
function firstFailureNotToasted(error: unknown) {
  const first = (error as Failure).body?.validationFailures?.[0];
  return first?.propertyName ? first.errorMessage : undefined;
}

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
          <Typography variant="h6" component="h1" gutterBottom>
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
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      notify(success(), { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['users'] });
      redirect('list', 'users');
    },
    onError: (error) => {
      const message = firstFailureNotToasted(error);
      if (message) notify(message, { type: 'error' });
    },
  });
}

/** `/admin/users/lock/{id}` and `/admin/users/unlock/{id}`. */
export function UserLockPage({ lock }: { lock: boolean }) {
  const id = Number(useParams().id);
  const translate = useTranslate();
  const { data: user, isPending } = useGetOne<User>('users', { id });
  const email = user?.email ?? '';
  const mutation = useAccountAction(
    () => setUserLocked(id, lock),
    () => translate(lock ? 'app.users.lockedToast' : 'app.users.unlockedToast', { email }),
  );
  if (isPending) return <Loading />;
  if (!user) return null;
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
export function UserResendPage() {
  const id = Number(useParams().id);
  const translate = useTranslate();
  const { data: user, isPending } = useGetOne<User>('users', { id });
  const email = user?.email ?? '';
  const mutation = useAccountAction(
    () => sendConfirmEmail(email),
    () => translate('app.users.inviteSent', { email }),
  );
  if (isPending) return <Loading />;
  if (!user) return null;
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
