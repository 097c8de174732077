import SettingsIcon from '@mui/icons-material/Settings';
import { Route } from 'react-router-dom';
import { lazyNamed } from '../../lib/lazyNamed';
import type { ResourceConfig } from '../types';
const SettingDelete = lazyNamed(() => import('./SettingDelete'), 'SettingDelete');
const SettingCreate = lazyNamed(() => import('./SettingForms'), 'SettingCreate');
const SettingUpdate = lazyNamed(() => import('./SettingForms'), 'SettingUpdate');
const SettingList = lazyNamed(() => import('./SettingList'), 'SettingList');

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
