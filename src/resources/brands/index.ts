import type { ResourceOverrides } from '../../admin/engine/types';
import { lazyNamed } from '../../lib/lazyNamed';

const LogoCell = lazyNamed(() => import('./LogoCell'), 'LogoCell');

/** Brands draw their logo from the slug; the showcase switch is the definition's toggle. */
const brands: ResourceOverrides = { cells: { slug: LogoCell } };

export default brands;
