import { and, eq, isNotNull } from 'drizzle-orm';
import { billingInvoices } from '../../db/schema/index.ts';
import { planCredits, type PlanId } from './billing-plans.ts';
import type { Executor } from './billing.repository.ts';

/** The plan with more credits (Premium over Basic); null counts as nothing paid. */
export function higherPlan(a: PlanId | null, b: PlanId | null): PlanId | null {
  if (!a) return b;
  if (!b) return a;
  return planCredits(b) > planCredits(a) ? b : a;
}

/**
 * The highest plan already paid for the subscription's period ending at `periodEnd` (its first
 * or renewal invoice and any upgrade). A plan change is charged and granted only above it, so
 * a downgrade and re-upgrade within one period pays nothing twice and grants nothing twice.
 */
export async function highestPlanPaidInPeriod(
  db: Executor,
  subscriptionId: string | null,
  periodEnd: Date | null,
): Promise<PlanId | null> {
  if (!subscriptionId || !periodEnd) return null;
  const rows = await db
    .select({ plan: billingInvoices.plan })
    .from(billingInvoices)
    .where(
      and(
        eq(billingInvoices.subscriptionId, subscriptionId),
        eq(billingInvoices.status, 'paid'),
        eq(billingInvoices.periodEnd, periodEnd),
        isNotNull(billingInvoices.plan),
      ),
    );
  return rows.reduce<PlanId | null>((best, r) => higherPlan(best, r.plan), null);
}
