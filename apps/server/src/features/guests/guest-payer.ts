import type { FastifyInstance } from 'fastify';
import type { Payer } from '../../platform/paid-job.ts';
import { returnGuestAllowance, takeGuestAllowance, type Guest } from './guest.service.ts';

/**
 * A visitor pays from the daily free allowance (the guest's and its network address's at once):
 * no job row and no live events, since a guest has no account for them to belong to.
 */
export function payWithGuestAllowance(app: FastifyInstance, guest: Guest): Payer {
  return {
    async reserve({ credits }) {
      await takeGuestAllowance(app, guest, credits);
      return {
        progress: () => {},
        submitted: async () => {},
        started: () => {},
        async complete(record) {
          const done = await record(app.database.db);
          // Results the provider did not deliver go back to the allowance.
          await returnGuestAllowance(app, guest, credits - done.used);
          return done;
        },
        refund: () => returnGuestAllowance(app, guest, credits),
        release: () => {},
      };
    },
  };
}
