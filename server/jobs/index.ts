export {
  defaultBackoffMs,
  type EnqueueOptions,
  type JobContext,
  type JobHandler,
  JobQueue,
  type JobQueueOptions,
  type JobRow,
  JobTimedOut,
  visibleJobError,
} from './queue';
