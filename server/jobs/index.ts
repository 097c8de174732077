export {
  defaultBackoffMs,
  type EnqueueOptions,
  type JobContext,
  JobInterrupted,
  type JobHandler,
  JobQueue,
  type JobQueueOptions,
  type JobRow,
  JobTimedOut,
  visibleJobError,
} from './queue';
