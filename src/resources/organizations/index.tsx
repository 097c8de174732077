import ApartmentIcon from '@mui/icons-material/Apartment';
import { Route } from 'react-router-dom';
import type { ResourceConfig } from '../types';
import { OrganizationCreate, OrganizationUpdate } from './OrganizationForms';
import { OrganizationList } from './OrganizationList';

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
