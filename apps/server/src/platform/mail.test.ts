import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createMailer } from './mail.ts';

describe('mail without SMTP', () => {
  it('prints the message as plain text with its link whole, and logs only that it was due', async () => {
    const info = vi.fn();
    const printed: string[] = [];
    const mailer = createMailer({
      from: 'Image Lab <no-reply@example.test>',
      log: { info } as unknown as FastifyBaseLogger,
      print: (text) => printed.push(text),
    });
    const link = 'http://localhost:5000/api/verify-email?token=abc_DEF-123&next=%2Feditor';
    await mailer.send({ to: 'ada@example.test', subject: 'Verify', text: `Open:\n${link}\n` });
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain(`\n${link}\n`);
    expect(printed[0]).toContain('mail to ada@example.test');
    expect(JSON.stringify(info.mock.calls)).not.toContain('token=');
  });
});
