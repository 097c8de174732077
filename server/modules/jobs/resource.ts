import { sql } from 'drizzle-orm';
import { jobs } from '../../db/schema';
import type { ResourceServer } from '../../engine/types';

/** The product a job works on, when its payload names one (processing, storefront sync). */
const merchandiseIdOf = sql<number | null>`case when jsonb_typeof(${jobs.payload}->'merchandiseId') = 'number'
  then (${jobs.payload}->>'merchandiseId')::integer end`;

export const jobsServer: ResourceServer = {
  columns: { merchandiseId: merchandiseIdOf.as('merchandise_id') },
};
