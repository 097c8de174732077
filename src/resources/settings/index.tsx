import SettingsIcon from '@mui/icons-material/Settings';
import { Route } from 'react-router-dom';
import type { ResourceConfig } from '../types';
import { SettingDelete } from './SettingDelete';
import { SettingCreate, SettingUpdate } from './SettingForms';
import { SettingList } from './SettingList';

const config: ResourceConfig = {
  name: 'settings',
  label: 'Settings',
  api: { path: 'settings' },
  icon: SettingsIcon,
  list: SettingList,
  create: SettingCreate,
  routes: [
    <Route key="update" path="update/:id" element={<SettingUpdate />} />,
    <Route key="delete" path="delete/:id" element={<SettingDelete />} />,
  ],
  recordRepresentation: 'key',
};

export default config;
