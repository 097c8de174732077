import {
  Alert,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'ra-core';
import { type FormEvent, useState } from 'react';
import type { Reauthenticate } from '../../../contract/account';
import { type Passkey, passkeyNameMax } from '../../../contract/passkeys';
import { useAppMessages } from '../../i18n/locale';
import { formatDateTime } from '../../lib/dates';
import { formErrorsOf, formText } from '../../lib/formErrors';
import {
  browserSupportsPasskeys,
  registerPasskey,
  removeWithOtherPasskey,
  wasCancelled,
} from '../../lib/passkeys';
import { ModalDialog } from '../../layout/ModalHost';
import { http } from '../../providers';
import { ConfirmIdentityDialog } from './ConfirmIdentityDialog';

const passkeysKey = ['account', 'passkeys'];

/** Names a new passkey (then the browser asks for it) or renames one. */
function NameDialog({
  title,
  initial,
  submitLabel,
  onSave,
  onClose,
}: {
  title: string;
  initial: string;
  submitLabel: string;
  onSave: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const appMessages = useAppMessages();
  const text = appMessages.passkeys;
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = formText(new FormData(event.currentTarget), 'name').trim();
    if (!name) {
      setError(text.nameRequired);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await onSave(name);
    } catch (caught) {
      setSaving(false);
      if (wasCancelled(caught)) return;
      const errors = formErrorsOf(caught, text.failed);
      setError(errors.fields.name ?? errors.fields.response ?? errors.message);
    }
  }

  return (
    <ModalDialog open onClose={onClose} aria-labelledby="passkey-name-title">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="passkey-name-title">{title}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" role="alert" sx={{ mb: 1 }}>
              {error}
            </Alert>
          )}
          <TextField
            name="name"
            label={text.name}
            defaultValue={initial}
            helperText={text.nameHelp}
            fullWidth
            margin="normal"
            autoFocus
            required
            slotProps={{ htmlInput: { maxLength: passkeyNameMax } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{appMessages.twoFactor.cancel}</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </ModalDialog>
  );
}

type Action = { kind: 'add' } | { kind: 'rename' | 'remove'; passkey: Passkey } | null;

/**
 * The account's passkeys, on the two-factor page: where a person looks for how they sign in,
 * without a third entry in the account's side menu (decisions.md).
 */
export function PasskeysSection() {
  const appMessages = useAppMessages();
  const text = appMessages.passkeys;
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [action, setAction] = useState<Action>(null);
  const list = useQuery({
    queryKey: passkeysKey,
    queryFn: () => http<{ result: Passkey[] }>('/api/account/passkeys').then((body) => body.result),
    staleTime: 0,
  });

  async function done(message: string) {
    setAction(null);
    notify(message, { type: 'success' });
    await queryClient.invalidateQueries({ queryKey: passkeysKey });
  }

  async function add(name: string) {
    await registerPasskey(name);
    await done(text.added);
  }

  async function rename(passkey: Passkey, name: string) {
    await http(`/api/account/passkeys/${passkey.id}`, { method: 'PUT', body: { name }, silent: true });
    await done(text.renamed);
  }

  async function remove(passkey: Passkey, proof: Reauthenticate) {
    await http(`/api/account/passkeys/${passkey.id}`, { method: 'DELETE', body: proof, silent: true });
    await done(text.removed);
  }

  async function removeWithPasskey(passkey: Passkey) {
    await removeWithOtherPasskey(passkey.id);
    await done(text.removed);
  }

  const passkeys = list.data ?? [];
  return (
    <section aria-labelledby="passkeys-title">
      <Typography variant="h6" component="h3" id="passkeys-title" gutterBottom sx={{ mt: 4 }}>
        {text.title}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {text.intro}
      </Typography>
      {list.isError && <Alert severity="error">{appMessages.errors.userLoad}</Alert>}
      {list.isSuccess && passkeys.length === 0 && <Typography variant="body2">{text.none}</Typography>}
      {passkeys.length > 0 && (
        <List aria-label={text.title} sx={{ maxWidth: 640 }}>
          {passkeys.map((passkey) => (
            <ListItem
              key={passkey.id}
              divider
              secondaryAction={
                <Stack direction="row" spacing={1}>
                  <Button
                    size="small"
                    aria-label={text.renameOne.replace('%{name}', passkey.name)}
                    onClick={() => setAction({ kind: 'rename', passkey })}
                  >
                    {text.rename}
                  </Button>
                  <Button
                    size="small"
                    color="warning"
                    aria-label={text.removeOne.replace('%{name}', passkey.name)}
                    onClick={() => setAction({ kind: 'remove', passkey })}
                  >
                    {text.remove}
                  </Button>
                </Stack>
              }
            >
              <ListItemText
                primary={passkey.name}
                secondary={`${text.created.replace('%{date}', formatDateTime(passkey.createdAt))} · ${
                  passkey.lastUsedAt
                    ? text.lastUsed.replace('%{date}', formatDateTime(passkey.lastUsedAt))
                    : text.neverUsed
                }`}
                sx={{ pr: 20 }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {browserSupportsPasskeys() ? (
        <Button variant="outlined" sx={{ mt: 1 }} onClick={() => setAction({ kind: 'add' })}>
          {text.add}
        </Button>
      ) : (
        <Typography variant="body2">{text.unsupported}</Typography>
      )}
      {action?.kind === 'add' && (
        <NameDialog
          title={text.add}
          initial={text.defaultName}
          submitLabel={text.create}
          onSave={add}
          onClose={() => setAction(null)}
        />
      )}
      {action?.kind === 'rename' && (
        <NameDialog
          title={text.renameOne.replace('%{name}', action.passkey.name)}
          initial={action.passkey.name}
          submitLabel={text.save}
          onSave={(name) => rename(action.passkey, name)}
          onClose={() => setAction(null)}
        />
      )}
      {action?.kind === 'remove' && (
        <ConfirmIdentityDialog
          title={text.removeOne.replace('%{name}', action.passkey.name)}
          warning={text.removeWarning}
          allowCode
          onConfirm={(proof) => remove(action.passkey, proof)}
          passkey={
            passkeys.length > 1 && browserSupportsPasskeys()
              ? { label: text.useOtherPasskey, confirm: () => removeWithPasskey(action.passkey) }
              : undefined
          }
          onClose={() => setAction(null)}
        />
      )}
    </section>
  );
}
