import PeopleIcon from '@mui/icons-material/People';
import { Route } from 'react-router-dom';
import { lazyNamed } from '../../lib/lazyNamed';
import type { ResourceConfig } from '../types';
const UserLockPage = lazyNamed(() => import('./UserConfirmPages'), 'UserLockPage');
const UserResendPage = lazyNamed(() => import('./UserConfirmPages'), 'UserResendPage');
const UserCreate = lazyNamed(() => import('./UserForms'), 'UserCreate');
const UserUpdate = lazyNamed(() => import('./UserForms'), 'UserUpdate');
const UserList = lazyNamed(() => import('./UserList'), 'UserList');

const config: ResourceConfig = {
  name: 'users',
  label: 'Accounts',
  api: { path: 'users' },
  icon: PeopleIcon,
  list: UserList,
  create: UserCreate,
  routes: [
    <Route key="update" path="update/:id" element={<UserUpdate />} />,
    <Route key="lock" path="lock/:id" element={<UserLockPage lock />} />,
    <Route key="unlock" path="unlock/:id" element={<UserLockPage lock={false} />} />,
    <Route key="resend" path="resend/:id" element={<UserResendPage />} />,
  ],
  recordRepresentation: 'email',
};

export default config;
