import StorefrontIcon from '@mui/icons-material/Storefront';
import type { ResourceConfig } from '../types';
import { BrandList } from './BrandList';

const config: ResourceConfig = {
  name: 'brands',
  label: 'Brands',
  api: { path: 'brands' },
  icon: StorefrontIcon,
  list: BrandList,
  recordRepresentation: 'name',
};

export default config;
