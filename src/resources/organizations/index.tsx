import ApartmentIcon from '@mui/icons-material/Apartment';
import { Route } from 'react-router-dom';
import { lazyNamed } from '../../lib/lazyNamed';
import type { ResourceConfig } from '../types';
const OrganizationCreate = lazyNamed(() => import('./OrganizationForms'), 'OrganizationCreate');
const OrganizationUpdate = lazyNamed(() => import('./OrganizationForms'), 'OrganizationUpdate');
const OrganizationList = lazyNamed(() => import('./OrganizationList'), 'OrganizationList');

const config: ResourceConfig = {
  name: 'organizations',
  label: 'Organizations',
  api: { path: 'organizations' },
  icon: ApartmentIcon,
  list: OrganizationList,
  create: OrganizationCreate,
  routes: <Route path="update/:id" element={<OrganizationUpdate />} />,
  recordRepresentation: 'name',
};

export default config;
