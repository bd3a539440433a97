import { CircleCheck } from 'lucide-react';
import { t } from '../../../lib/i18n/i18n';
import { hero, stats } from '../content';

export function StatsSection() {
  return (
    <section aria-labelledby="stats-title" className="border-y border-white/5 bg-ink-950/60">
      <h2 id="stats-title" className="sr-only">
        {t('Vigie en chiffres')}
      </h2>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <dl className="grid grid-cols-2 gap-8 lg:grid-cols-4">
          {stats.map((stat) => (
            <div key={stat.label} className="flex flex-col items-center gap-1 text-center">
              <dt className="order-2 text-sm font-medium text-slate-300 first-letter:uppercase">
                {t(stat.label)}
              </dt>
              <dd className="order-1 bg-gradient-to-b from-white to-blue-200 bg-clip-text text-4xl font-extrabold tracking-tight text-transparent sm:text-5xl">
                {stat.value}
              </dd>
            </div>
          ))}
        </dl>
        <ul className="mt-10 flex flex-wrap justify-center gap-3 text-sm text-slate-200">
          {hero.claims.map((claim) => (
            <li
              key={claim}
              className="flex items-center gap-2 rounded-full border border-emerald-500/30 bg-emerald-500/10 px-4 py-1.5"
            >
              <CircleCheck aria-hidden="true" className="size-4 text-emerald-400" />
              {t(claim)}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
