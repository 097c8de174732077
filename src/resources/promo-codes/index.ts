import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { NotAvailableList } from '../NotAvailableList';
import type { ResourceConfig } from '../types';

const config: ResourceConfig = {
  name: 'promo-codes',
  label: 'Promos',
  api: { path: 'promo-codes' },
  icon: LocalOfferIcon,
  list: NotAvailableList,
};

export default config;
