import StorefrontIcon from '@mui/icons-material/Storefront';
import { lazyNamed } from '../../lib/lazyNamed';
import type { ResourceConfig } from '../types';
const BrandList = lazyNamed(() => import('./BrandList'), 'BrandList');

const config: ResourceConfig = {
  name: 'brands',
  label: 'Brands',
  api: { path: 'brands' },
  icon: StorefrontIcon,
  list: BrandList,
  recordRepresentation: 'name',
};

export default config;
