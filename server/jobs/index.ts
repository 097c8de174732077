export { announceJobs, type JobHandler, JobQueue, queueJob, renderLane, visibleJobError } from './queue';
