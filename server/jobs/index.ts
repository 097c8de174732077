export { announceJobs, type JobHandler, JobQueue, queueJob, visibleJobError } from './queue';
