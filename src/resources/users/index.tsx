import PeopleIcon from '@mui/icons-material/People';
import { Route } from 'react-router-dom';
import type { ResourceConfig } from '../types';
import { UserLockPage, UserResendPage } from './UserConfirmPages';
import { UserCreate, UserUpdate } from './UserForms';
import { UserList } from './UserList';

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
