import { Check } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';
import { popularLabel, pricing } from '../content';
import { SectionHeading } from './section-heading';

type Props = {
  onRequestDemo: () => void;
  /** Starts loading the demo form before the click, so the modal opens at once. */
  onIntent: () => void;
};

export function PricingSection({ onRequestDemo, onIntent }: Props) {
  return (
    <section aria-labelledby="pricing-title" className="border-t border-white/5 bg-ink-950/60">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <SectionHeading id="pricing-title" title={t(pricing.title)} subtitle={t(pricing.subtitle)} />
        <div className="grid items-stretch gap-6 lg:grid-cols-3">
          {pricing.plans.map((plan) => (
            <article
              key={plan.name}
              className={cn(
                'relative flex flex-col rounded-2xl border bg-ink-850 p-8',
                plan.popular
                  ? 'border-blue-500 shadow-2xl shadow-blue-900/40 lg:-translate-y-2'
                  : 'border-ink-700',
              )}
            >
              {plan.popular ? (
                <Badge tone="solid" className="absolute -top-3 left-1/2 -translate-x-1/2">
                  {t(popularLabel)}
                </Badge>
              ) : null}
              <h3 className="text-xl font-semibold text-white">{plan.name}</h3>
              <p className="mt-1 text-sm text-slate-300">{t(plan.description)}</p>
              <p className="mt-6 flex items-baseline gap-1">
                <span className="text-4xl font-extrabold tracking-tight text-white">{t(plan.price)}</span>
                {plan.period ? <span className="text-slate-300">{t(plan.period)}</span> : null}
              </p>
              <ul className="mt-8 flex flex-1 flex-col gap-3 text-sm">
                {plan.features.map((item) => (
                  <li key={item} className="flex items-start gap-2.5 text-slate-200">
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-400" />
                    {t(item)}
                  </li>
                ))}
              </ul>
              <Button
                size="lg"
                variant={plan.popular ? 'primary' : 'outline'}
                className="mt-8 w-full"
                onClick={onRequestDemo}
                onPointerEnter={onIntent}
                onFocus={onIntent}
                aria-label={t('{cta} — offre {plan}', { cta: t(plan.cta), plan: plan.name })}
              >
                {t(plan.cta)}
              </Button>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
