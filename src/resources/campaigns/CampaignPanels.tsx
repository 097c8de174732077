import { useGetOne } from 'react-admin';
import { campaigns } from '../../../contract/definitions/campaigns';
import { useOffers } from '../../admin/engine/useOffers';
import { CloseOutPanel } from './CloseOutPanel';
import { ProductsPanel } from './ProductsPanel';

/** Once a window has closed, what it sold is final: the print shop produces from it. */
const closedStates: readonly string[] = ['closed', 'sentToPrint'];

/**
 * Under a campaign's form: what the window sells and, once it has closed, its close-out. The
 * record is the form's own query (the same cache entry), so a step taken above shows here at once.
 */
export function CampaignPanels({ id }: { id: number }) {
  const offered = useOffers(campaigns);
  const { data } = useGetOne(campaigns.name, { id });
  if (!data) return null;
  const closed = closedStates.includes(String(data.state));
  return (
    <>
      <ProductsPanel id={id} editable={offered('update')} closed={closed} />
      {closed && <CloseOutPanel id={id} editable={offered('update')} />}
    </>
  );
}
