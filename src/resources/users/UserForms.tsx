import { Avatar, Box, Typography } from '@mui/material';
import { useState } from 'react';
import {
  Create,
  Edit,
  ImageField,
  ImageInput,
  SaveButton,
  SimpleForm,
  Toolbar,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { usersWithoutSchemas } from '../../../contract/definitions/users';
import { profilePhoto, type User, userCreateSchema, userUpdateSchema } from '../../../contract/users';
import { ChangedElsewhere } from '../../admin/engine/ChangedElsewhere';
import {
  type Conflict,
  ConflictDialog,
  type ConflictField,
  conflictOf,
} from '../../admin/engine/ConflictDialog';
import { AdminNotFoundPage } from '../../pages/errors/ErrorPage';
import { useFailureToast } from '../../providers/failureToast';
import { session } from '../../providers';
import { profilePhotoUrl } from '../../providers/authProvider';
import { zodValidate } from '../zodValidate';
import { type UserFormValues, updateUserWithPhoto } from './api';
import { UserPasskeys } from './UserPasskeys';
import { ContactField, NameAndEmailFields, OrganizationField, PasswordFields, RoleField } from './UserFields';

const formWidth = { maxWidth: 640 };

const createDefaults = {
  email: '',
  name: { firstName: '', middleName: '', lastName: '', suffix: '' },
  userRoles: [],
  organizationId: null,
  password: '',
  confirmPassword: '',
};

export function UserCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const failureToast = useFailureToast();
  return (
    <Create
      title={translate('app.users.createUser')}
      mutationOptions={{
        onSuccess: (user: User) => {
          notify(translate('app.users.created', { email: user.email }), { type: 'success' });
          redirect('list', 'users');
        },
        onError: (error: unknown) => failureToast(error, { formErrorsShown: true }),
      }}
    >
      <SimpleForm validate={zodValidate(userCreateSchema)} defaultValues={createDefaults} sx={formWidth}>
        <NameAndEmailFields />
        <RoleField />
        <OrganizationField />
        <PasswordFields />
      </SimpleForm>
    </Create>
  );
}

function CurrentPhoto() {
  const record = useRecordContext<User>();
  const translate = useTranslate();
  if (!record?.profilePhotoGuid) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
      <Avatar
        src={profilePhotoUrl(record.id, record.profilePhotoGuid)}
        alt={translate('app.users.currentPhoto', { email: record.email })}
        sx={{ width: 96, height: 96 }}
      />
    </Box>
  );
}

/** Accounts are never deleted (spec: 'no delete'); locking is how access ends. */
const SaveOnlyToolbar = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

/**
 * Its own cache entry: react-admin seeds `getOne` from the table's rows, which lack the
 * name parts, and the form would open half empty.
 */
const editMeta = { view: 'edit' };

type UpdateValues = UserFormValues & { profilePhoto?: { rawFile?: File } | null };

/** What the conflict dialog compares: the form's fields; the new photo stays chosen either way. */
const conflictFields = (translate: (key: string) => string): ConflictField[] =>
  (
    [
      ['email', 'email'],
      ['name.firstName', 'firstName'],
      ['name.middleName', 'middleName'],
      ['name.lastName', 'lastName'],
      ['name.suffix', 'suffix'],
      ['userRoles', 'roles'],
      ['organizationId', 'organization'],
      ['contactInformation', 'contactInformation'],
    ] as const
  ).map(([path, label]) => ({ path, label: translate(`app.users.${label}`) }));

/**
 * Update User: the fields go to `PUT users/{id}`, or with a new photo as multipart to
 * `PUT users/with-photo/{id}`. Server validation failures come back beside their fields.
 */
export function UserUpdate({ id }: { id: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const [update] = useUpdate();
  const [conflict, setConflict] = useState<Conflict>();
  const queryClient = useQueryClient();
  // Reload after someone else's change: the form starts again from the account as it is now.
  const [loads, setLoads] = useState(0);
  const reload = () => {
    queryClient.removeQueries({ queryKey: ['users', 'getOne', { id: String(id) }] });
    setLoads((n) => n + 1);
  };

  const done = (user: User) => {
    // The top bar shows the signed-in user's email and photo: editing yourself refreshes it.
    if (user.id === session.getState().user?.id) void session.refresh();
    notify(translate('app.users.updated', { email: user.email }), { type: 'success' });
    redirect('list', 'users');
  };

  const save = async (values: Record<string, unknown>) => {
    const { profilePhoto: photo, ...fields } = values as unknown as UpdateValues;
    const data: UserFormValues = {
      email: fields.email,
      name: fields.name,
      userRoles: fields.userRoles,
      organizationId: fields.organizationId ?? null,
      contactInformation: fields.contactInformation ?? null,
      version: fields.version,
    };
    try {
      if (photo?.rawFile) {
        done((await updateUserWithPhoto(id, data, photo.rawFile)).result);
      } else {
        await update(
          'users',
          { id, data, previousData: { id } },
          { mutationMode: 'pessimistic', returnPromise: true },
        ).then((user) => done(user as User));
      }
    } catch (error) {
      const found = conflictOf(error, values);
      if (found) return void setConflict(found);
      return (error as { body?: { errors?: Record<string, unknown> } }).body?.errors;
    }
    return undefined;
  };

  return (
    <Box>
      <ChangedElsewhere definition={usersWithoutSchemas} id={id} onReload={reload} />
      <Edit
        key={loads}
        resource="users"
        id={id}
        title={translate('app.users.updateUser')}
        mutationMode="pessimistic"
        queryOptions={{ meta: editMeta, onError: () => undefined }}
        error={<AdminNotFoundPage />}
      >
        <SimpleForm
          validate={zodValidate(userUpdateSchema)}
          onSubmit={save}
          sx={formWidth}
          toolbar={<SaveOnlyToolbar />}
        >
          <CurrentPhoto />
          <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
            {translate('app.users.profilePhoto')}
          </Typography>
          <ImageInput
            source="profilePhoto"
            label={false}
            inputProps={{ 'aria-label': translate('app.users.profilePhoto') }}
            accept={Object.fromEntries(profilePhoto.accept.split(',').map((type) => [type, []]))}
            maxSize={profilePhoto.maxBytes}
            helperText={translate('app.users.profilePhotoHelp')}
          >
            <ImageField source="src" title="title" />
          </ImageInput>
          <NameAndEmailFields />
          <RoleField />
          <OrganizationField />
          <ContactField />
          <ConflictDialog
            conflict={conflict}
            fields={conflictFields(translate)}
            label={translate('app.users.user')}
            onSave={save}
            onClose={() => setConflict(undefined)}
          />
          <UserPasskeys id={id} />
        </SimpleForm>
      </Edit>
    </Box>
  );
}
