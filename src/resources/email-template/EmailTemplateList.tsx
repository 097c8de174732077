import EditIcon from '@mui/icons-material/Edit';
import { Button } from '@mui/material';
import { TextField, useRecordContext, useTranslate, WrapperField } from 'react-admin';
import { Link } from 'react-router-dom';
import type { EmailTemplate } from '../../contract/email-templates';
import { ResourceTable } from '../ResourceTable';
import { useResourcePath } from '../useResourcePath';

function EditTemplateButton() {
  const record = useRecordContext<EmailTemplate>();
  const translate = useTranslate();
  const path = useResourcePath('email-template');
  if (!record) return null;
  return (
    <Button size="small" component={Link} to={path('update', record.id)} startIcon={<EditIcon />}>
      {translate('app.tables.editItem', { name: record.key })}
    </Button>
  );
}

/** Table 'Email Templates': no create or delete; 'Edit {key}' opens the update form. */
export function EmailTemplateList() {
  const translate = useTranslate();
  return (
    <ResourceTable title={translate('app.tables.emailTemplates')}>
      <TextField source="key" label={translate('app.tables.key')} />
      <TextField source="subject" label={translate('app.tables.subject')} />
      <TextField source="description" label={translate('app.tables.description')} sortable={false} />
      <WrapperField label={false}>
        <EditTemplateButton />
      </WrapperField>
    </ResourceTable>
  );
}
