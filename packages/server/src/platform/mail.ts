import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config.js';

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
