import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { Route } from 'react-router-dom';
import { lazyNamed } from '../../lib/lazyNamed';
import type { ResourceConfig } from '../types';
const PromoCreate = lazyNamed(() => import('./PromoForms'), 'PromoCreate');
const PromoUpdate = lazyNamed(() => import('./PromoForms'), 'PromoUpdate');
const PromoList = lazyNamed(() => import('./PromoList'), 'PromoList');

const config: ResourceConfig = {
  name: 'promo-codes',
  label: 'Promos',
  api: { path: 'promo-codes' },
  icon: LocalOfferIcon,
  list: PromoList,
  create: PromoCreate,
  routes: <Route path="update/:id" element={<PromoUpdate />} />,
  recordRepresentation: 'code',
};

export default config;
