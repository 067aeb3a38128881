import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * A message as a person reads it in a terminal: links whole and clickable, not escaped inside a
 * JSON log line.
 */
export const printedMail = (message: MailMessage) =>
  [
    `── mail to ${message.to} (not sent: no SMTP_URL configured) ──`,
    `Subject: ${message.subject}`,
    '',
    message.text,
    '──',
    '',
  ].join('\n');

/**
 * SMTP when SMTP_URL is set; otherwise the log records that a mail was due (to, subject) and the
 * message itself is printed as plain text, so its link can be clicked (`print`: false in tests).
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
  print?: (text: string) => void;
}): Mailer {
  if (!options.smtpUrl) {
    const print = options.print ?? ((text: string) => void process.stdout.write(text));
    return {
      async send(message) {
        options.log.info(
          { to: message.to, subject: message.subject },
          'mail not sent (no SMTP_URL configured): printed below as plain text',
        );
        print(printedMail(message));
      },
    };
  }
  const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
  };
}
