export { announceJobs, type JobHandler, JobQueue, visibleJobError } from './queue';
