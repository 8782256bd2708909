import { z } from 'zod';
import { isoUtc } from './job-config';
import { JOB_STATUSES } from './run-records';

/** `status`, `limit`, `cursor` and the other filters of the job list; the sweep list takes the same (contract §13). */
export const listSchema = z.object({
  status: z.enum(JOB_STATUSES).optional(),
  template_id: z.string().min(1).optional(),
  from: isoUtc.optional(),
  to: isoUtc.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().optional(),
});

/** The body of a job's or a sweep's cancel. */
export const cancelSchema = z.object({ reason: z.string().max(200).optional() });
