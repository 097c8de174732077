import { lazy, Suspense } from 'react';
import { Edit, Loading, SimpleForm, TextInput, useNotify, useRedirect, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import {
  type EmailTemplate,
  emailTemplateLimits,
  emailTemplateUpdateSchema,
} from '../../contract/email-templates';
import { zodValidate } from '../zodValidate';

const BodyInput = lazy(() => import('./BodyInput'));

/** The only form of the resource: `PUT emailTemplate/update` with the template in the body. */
export function EmailTemplateUpdate() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const onSuccess = (template: EmailTemplate) => {
    notify(translate('app.tables.emailTemplateUpdated', { key: template.key }), { type: 'success' });
    redirect('list', 'email-template');
  };
  return (
    <Edit
      resource="email-template"
      id={Number(id)}
      title={translate('app.tables.updateEmailTemplate')}
      mutationMode="pessimistic"
      mutationOptions={{ onSuccess }}
    >
      <SimpleForm validate={zodValidate(emailTemplateUpdateSchema)}>
        <TextInput source="key" label={translate('app.tables.key')} disabled />
        <TextInput
          source="to"
          label={translate('app.tables.to')}
          slotProps={{ htmlInput: { maxLength: emailTemplateLimits.addresses } }}
        />
        <TextInput
          source="cc"
          label={translate('app.tables.cc')}
          slotProps={{ htmlInput: { maxLength: emailTemplateLimits.addresses } }}
        />
        <TextInput
          source="bcc"
          label={translate('app.tables.bcc')}
          slotProps={{ htmlInput: { maxLength: emailTemplateLimits.addresses } }}
        />
        <TextInput
          source="subject"
          label={translate('app.tables.subject')}
          isRequired
          fullWidth
          slotProps={{ htmlInput: { maxLength: emailTemplateLimits.subject } }}
        />
        <Suspense fallback={<Loading />}>
          <BodyInput />
        </Suspense>
        <TextInput
          source="description"
          label={translate('app.tables.description')}
          multiline
          fullWidth
          slotProps={{ htmlInput: { maxLength: emailTemplateLimits.description } }}
        />
      </SimpleForm>
    </Edit>
  );
}
