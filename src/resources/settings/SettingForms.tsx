import { Button } from '@mui/material';
import {
  BooleanInput,
  Create,
  Edit,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useNotify,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { limits } from '../../contract/common';
import { type Setting, settingCreateSchema, settingUpdateSchema } from '../../contract/settings';
import { useResourcePath } from '../useResourcePath';
import { zodValidate } from '../zodValidate';

function useSavedToast(message: 'app.tables.settingCreated' | 'app.tables.settingUpdated') {
  const notify = useNotify();
  const redirect = useRedirect();
  const translate = useTranslate();
  return (setting: Setting) => {
    notify(translate(message, { key: setting.key }), { type: 'success' });
    redirect('list', 'settings');
  };
}

export function SettingCreate() {
  const translate = useTranslate();
  const onSuccess = useSavedToast('app.tables.settingCreated');
  return (
    <Create title={translate('app.tables.createSetting')} mutationOptions={{ onSuccess }}>
      <SimpleForm validate={zodValidate(settingCreateSchema)} defaultValues={{ isEnabled: true }}>
        <TextInput
          source="key"
          label={translate('app.tables.key')}
          isRequired
          slotProps={{ htmlInput: { maxLength: limits.settingKey } }}
        />
        <TextInput source="value" label={translate('app.tables.value')} isRequired multiline />
        <BooleanInput source="isEnabled" label={translate('app.tables.enabled')} />
      </SimpleForm>
    </Create>
  );
}

function UpdateToolbar({ id }: { id: string }) {
  const translate = useTranslate();
  const path = useResourcePath('settings');
  return (
    <Toolbar sx={{ gap: 2 }}>
      <SaveButton />
      <Button component={Link} to={path('delete', id)} color="error">
        {translate('app.tables.delete')}
      </Button>
    </Toolbar>
  );
}

/** Update loads the setting by id; the key is shown but cannot be changed. */
export function SettingUpdate() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const onSuccess = useSavedToast('app.tables.settingUpdated');
  return (
    <Edit
      resource="settings"
      id={Number(id)}
      title={translate('app.tables.updateSetting')}
      mutationMode="pessimistic"
      mutationOptions={{ onSuccess }}
    >
      <SimpleForm validate={zodValidate(settingUpdateSchema)} toolbar={<UpdateToolbar id={id} />}>
        <TextInput source="key" label={translate('app.tables.key')} disabled />
        <TextInput source="value" label={translate('app.tables.value')} isRequired multiline />
        <BooleanInput source="isEnabled" label={translate('app.tables.enabled')} />
      </SimpleForm>
    </Edit>
  );
}
