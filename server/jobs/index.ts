export { defaultBackoffMs, type JobHandler, JobQueue, type JobQueueOptions, type JobRow } from './queue';
