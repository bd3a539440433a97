import { CircleCheck } from 'lucide-react';
import { t } from '../../../lib/i18n/i18n';
import { whyChooseUs } from '../content';
import { SectionHeading } from './section-heading';

export function WhySection() {
  return (
    <section aria-labelledby="why-title" className="border-y border-white/5 bg-ink-950/60">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 lg:px-8">
        <SectionHeading id="why-title" title={t(whyChooseUs.title)} />
        <ul className="grid gap-4 sm:grid-cols-2">
          {whyChooseUs.points.map((point) => (
            <li
              key={point}
              className="flex items-start gap-3 rounded-xl border border-ink-700 bg-ink-850/70 p-4"
            >
              <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-400" />
              <span className="text-slate-200">{t(point)}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
