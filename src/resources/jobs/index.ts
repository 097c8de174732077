import type { ResourceOverrides } from '../../admin/engine/types';
import { lazyNamed } from '../../lib/lazyNamed';

const SubjectCell = lazyNamed(() => import('./JobCells'), 'SubjectCell');
const RetryButton = lazyNamed(() => import('./JobCells'), 'RetryButton');

/** The queue is read-only but for 'Retry' on a failed job; a job's product links to the products. */
const jobs: ResourceOverrides = { cells: { merchandiseId: SubjectCell }, rowActions: RetryButton };

export default jobs;
