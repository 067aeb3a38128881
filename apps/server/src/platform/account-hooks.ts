import type { FastifyInstance } from 'fastify';

type Hook<Args extends unknown[], Result> = (
  app: FastifyInstance,
  ...args: Args
) => Promise<Result>;

export interface VerifiedAddress {
  userId: string;
  email: string;
}

/**
 * Reactions to what happens to an account. The feature that owns the account announces; the
 * features that keep data of it subscribe when their routes are registered. So auth never
 * imports images, rooms or videos to delete them, and a new feature only adds a subscription.
 */
export class AccountHooks {
  private readonly verified: Hook<[VerifiedAddress], void>[] = [];
  private readonly files: Hook<[accountId: string], string[]>[] = [];
  private readonly exports: Hook<[accountId: string], Record<string, unknown>>[] = [];

  /** An address was proven to belong to this person. */
  onAddressVerified(hook: Hook<[VerifiedAddress], void>) {
    this.verified.push(hook);
  }

  /** The storage keys a feature keeps for an account, read before the account's rows go. */
  onAccountFiles(hook: Hook<[accountId: string], string[]>) {
    this.files.push(hook);
  }

  /** A feature's part of the account's data export: its keys are merged into the export. */
  onAccountExport(hook: Hook<[accountId: string], Record<string, unknown>>) {
    this.exports.push(hook);
  }

  async addressVerified(app: FastifyInstance, address: VerifiedAddress): Promise<void> {
    for (const hook of this.verified) await hook(app, address);
  }

  async accountFiles(app: FastifyInstance, accountId: string): Promise<string[]> {
    const parts = await Promise.all(this.files.map((hook) => hook(app, accountId)));
    return parts.flat();
  }

  async accountExport(app: FastifyInstance, accountId: string): Promise<Record<string, unknown>> {
    const parts = await Promise.all(this.exports.map((hook) => hook(app, accountId)));
    return Object.assign({}, ...parts);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    accountHooks: AccountHooks;
  }
}
