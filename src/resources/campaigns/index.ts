import type { ResourceOverrides } from '../../admin/engine/types';
import { lazyNamed } from '../../lib/lazyNamed';

/** A campaign's form is the definition's; under it, the products the window sells and its close-out. */
const campaigns: ResourceOverrides = {
  panels: lazyNamed(() => import('./CampaignPanels'), 'CampaignPanels'),
};

export default campaigns;
