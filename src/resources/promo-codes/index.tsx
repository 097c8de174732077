import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { Route } from 'react-router-dom';
import type { ResourceConfig } from '../types';
import { PromoCreate, PromoUpdate } from './PromoForms';
import { PromoList } from './PromoList';

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
