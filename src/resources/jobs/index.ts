import type { ResourceOverrides } from '../../admin/engine/types';
import { lazyNamed } from '../../lib/lazyNamed';

const TypeCell = lazyNamed(() => import('./JobCells'), 'TypeCell');
const SubjectCell = lazyNamed(() => import('./JobCells'), 'SubjectCell');
const RetryButton = lazyNamed(() => import('./JobCells'), 'RetryButton');
const LastErrorCell = lazyNamed(() => import('./JobCells'), 'LastErrorCell');

/**
 * The queue is read-only but for 'Retry' on a failed job; a job's kind is named, its product
 * links to the products, its last error shows its first line.
 */
const jobs: ResourceOverrides = {
  cells: { type: TypeCell, merchandiseId: SubjectCell, lastError: LastErrorCell },
  rowActions: RetryButton,
};

export default jobs;
