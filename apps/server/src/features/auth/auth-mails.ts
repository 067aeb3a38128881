import type { MailMessage } from '../../platform/mail.ts';

const greeting = (firstName: string | null) => (firstName ? `Hi ${firstName},` : 'Hi,');

export const verificationMail = (
  to: string,
  firstName: string | null,
  url: string,
): MailMessage => ({
  to,
  subject: 'Verify your email for Image Lab',
  text: `${greeting(firstName)}\n\nPlease confirm your email address by opening this link:\n\n${url}\n\nThe link works for 24 hours. If you did not create an Image Lab account, you can ignore this message.\n\n— Image Lab`,
});

export const alreadyRegisteredMail = (
  to: string,
  loginUrl: string,
  resetUrl: string,
): MailMessage => ({
  to,
  subject: 'Someone tried to create an Image Lab account with your email',
  text: `Hi,\n\nSomeone (hopefully you) tried to create an Image Lab account with this address, but an account already exists.\n\nSign in: ${loginUrl}\nForgot your password? ${resetUrl}\n\nIf this was not you, you can ignore this message.\n\n— Image Lab`,
});

export const resetMail = (to: string, firstName: string | null, url: string): MailMessage => ({
  to,
  subject: 'Reset your Image Lab password',
  text: `${greeting(firstName)}\n\nOpen this link to choose a new password:\n\n${url}\n\nThe link works once, for 1 hour. If you did not ask for it, you can ignore this message: your password stays the same.\n\n— Image Lab`,
});
