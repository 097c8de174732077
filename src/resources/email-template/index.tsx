import EmailIcon from '@mui/icons-material/Email';
import { Route } from 'react-router-dom';
import { lazyNamed } from '../../lib/lazyNamed';
import type { ResourceConfig } from '../types';
const EmailTemplateList = lazyNamed(() => import('./EmailTemplateList'), 'EmailTemplateList');
const EmailTemplateUpdate = lazyNamed(() => import('./EmailTemplateUpdate'), 'EmailTemplateUpdate');

const config: ResourceConfig = {
  name: 'email-template',
  label: 'Email Templates',
  api: { path: 'emailTemplate', updatePath: () => 'emailTemplate/update' },
  icon: EmailIcon,
  list: EmailTemplateList,
  routes: <Route path="update/:id" element={<EmailTemplateUpdate />} />,
  recordRepresentation: 'key',
};

export default config;
