import { Route } from 'react-router';
import { RecordPage } from '../../admin/engine/paths';
import type { ResourceOverrides } from '../../admin/engine/types';
import { lazyNamed } from '../../lib/lazyNamed';
const UserLockPage = lazyNamed(() => import('./UserConfirmPages'), 'UserLockPage');
const UserResendPage = lazyNamed(() => import('./UserConfirmPages'), 'UserResendPage');
const UserCreate = lazyNamed(() => import('./UserForms'), 'UserCreate');
const UserUpdate = lazyNamed(() => import('./UserForms'), 'UserUpdate');
const AccountOptions = lazyNamed(() => import('./UserList'), 'AccountOptions');
const RolesCell = lazyNamed(() => import('./UserList'), 'RolesCell');

const LockPage = ({ id }: { id: number }) => <UserLockPage id={id} lock />;
const UnlockPage = ({ id }: { id: number }) => <UserLockPage id={id} lock={false} />;

/**
 * Accounts use the engine's list, access and menu with their own forms (photo, nested name,
 * passwords, role options), the options menu of each row, and the lock and resend pages.
 */
const users: ResourceOverrides = {
  extraColumns: [{ source: 'roles', label: 'Roles', cell: RolesCell }],
  rowActions: AccountOptions,
  create: UserCreate,
  update: UserUpdate,
  routes: [
    <Route key="lock" path="lock/:id" element={<RecordPage page={LockPage} />} />,
    <Route key="unlock" path="unlock/:id" element={<RecordPage page={UnlockPage} />} />,
    <Route key="resend" path="resend/:id" element={<RecordPage page={UserResendPage} />} />,
  ],
};

export default users;
