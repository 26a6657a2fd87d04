import { z } from 'zod';
import { defineJob, worker, type JobSpec, type JobWorker } from './jobs.js';
import type { Mailer } from './mail.js';

/** Every job of the product, by name. Handlers live beside the domain that owns them. */
export const sendMailJobDef = defineJob({
  name: 'mail-send',
  schema: z.object({
    companyId: z.number().int().nullable(),
    to: z.string().email(),
    subject: z.string().min(1).max(300),
    text: z.string().min(1).max(20_000),
  }),
  retryLimit: 8,
  retryDelaySeconds: 10,
});

export const JOB_SPECS: JobSpec[] = [sendMailJobDef];

export function jobWorkers(services: { mailer: Mailer }): JobWorker[] {
  return [
    worker({
      spec: sendMailJobDef,
      handle: ({ to, subject, text }) => services.mailer.send({ to, subject, text }),
    }),
  ];
}
