export { type JobHandler, JobQueue, visibleJobError } from './queue';
