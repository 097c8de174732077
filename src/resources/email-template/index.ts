import EmailIcon from '@mui/icons-material/Email';
import { NotAvailableList } from '../NotAvailableList';
import type { ResourceConfig } from '../types';

const config: ResourceConfig = {
  name: 'email-template',
  label: 'Email Templates',
  api: { path: 'emailTemplate' },
  icon: EmailIcon,
  list: NotAvailableList,
};

export default config;
