import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on 127.0.0.1 that keeps what it receives, for tests to read. */
export async function startMailServer() {
  const inbox: ParsedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          inbox.push(mail);
          waiters.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const addressedTo = (mail: ParsedMail, to: string) =>
    [mail.to].flat().some((a) => a?.text.toLowerCase().includes(to.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    /** Waits for the next mail to `to` that arrived after `after` mails to it. */
    async waitFor(to: string, { after = 0, timeoutMs = 5000 } = {}): Promise<ParsedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = inbox.filter((m) => addressedTo(m, to));
        if (found.length > after) return found[after]!;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    countTo: (to: string) => inbox.filter((m) => addressedTo(m, to)).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const linkIn = (text: string | undefined, pattern: RegExp): string => {
  const match = text?.match(pattern);
  if (!match) throw new Error(`no link matching ${pattern} in mail:\n${text}`);
  return match[0];
};
