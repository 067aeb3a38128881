import type { BillingInvoice } from '@image-lab/contract';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/card';
import { formatDay, formatMoney } from './format';

const STATUS_CLASS = {
  paid: 'border-emerald-500/40 text-emerald-700 dark:text-emerald-300',
  failed: 'border-red-500/50 text-red-700 dark:text-red-300',
  pending: '',
} as const;

/** Subscription invoices and one-off payments, newest first. */
export function InvoiceList({ invoices }: { invoices: BillingInvoice[] }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="mt-6">
      <h3 className="text-sm font-semibold">{t('billing.section.invoices')}</h3>
      {invoices.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{t('billing.section.noInvoices')}</p>
      ) : (
        <ul className="mt-2 divide-y rounded-xl border" data-testid="invoice-list">
          {invoices.map((invoice) => (
            <li key={invoice.id} className="flex items-center gap-3 px-3 py-2 text-sm">
              <div className="min-w-0 flex-1">
                <p className="truncate">
                  {invoice.kind === 'premium_rooms'
                    ? t('billing.section.invoicePremium')
                    : t('billing.section.invoicePlan', {
                        plan: invoice.plan ? t(`billing.plans.${invoice.plan}`) : '',
                      })}
                </p>
                <p className="text-xs text-muted-foreground">
                  {formatDay(invoice.createdAt, i18n.language)}
                </p>
              </div>
              <span className="tabular-nums">
                {formatMoney(invoice.amount, invoice.currency, i18n.language)}
              </span>
              <Badge className={STATUS_CLASS[invoice.status]}>
                {t(`billing.section.${invoice.status}`)}
              </Badge>
              {invoice.hostedUrl && (
                <a
                  href={invoice.hostedUrl}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex items-center gap-1 text-primary hover:underline"
                >
                  {t('billing.section.view')}
                  <ExternalLink className="size-3" />
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
