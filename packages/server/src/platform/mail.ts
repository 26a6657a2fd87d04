import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Config } from '../config.js';
import { defineJob, handleJob } from './jobs.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise the mail is written to the log (dev and first runs). */
export function createMailer(config: Config, log: Logger): Mailer {
  if (!config.SMTP_URL) {
    return {
      async send(mail) {
        log.info({ mail }, 'mail (SMTP_URL unset, written to the log)');
      },
    };
  }
  const transport = nodemailer.createTransport(config.SMTP_URL);
  return {
    async send(mail) {
      await transport.sendMail({ from: config.MAIL_FROM, ...mail });
    },
  };
}

/** Mails leave through a job: a slow or failing SMTP server never holds a request. */
export const sendMailJobDef = defineJob({
  name: 'mail-send',
  version: 1,
  schema: z.object({
    companyId: z.number().int().nullable(),
    to: z.string().email(),
    subject: z.string().min(1).max(300),
    text: z.string().min(1).max(20_000),
  }),
  retryLimit: 8,
  retryDelaySeconds: 10,
});

export const mailJobs = [
  handleJob({
    spec: sendMailJobDef,
    handle: ({ to, subject, text }, { deps }: { deps: { mailer: Mailer } }) => deps.mailer.send({ to, subject, text }),
  }),
];
