import { CalendarDays, Camera, Check, FileText, KeyRound, type LucideIcon, Siren } from 'lucide-react';
import { t } from '../../../lib/i18n/i18n';
import { type FeatureIcon, features } from '../content';
import { SectionHeading } from './section-heading';

const icons: Record<FeatureIcon, LucideIcon> = {
  camera: Camera,
  siren: Siren,
  key: KeyRound,
  file: FileText,
  calendar: CalendarDays,
};

export function FeaturesSection() {
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <SectionHeading
        id="features-title"
        title={t('Tous vos métiers de la sécurité, réunis')}
        subtitle={t(
          'Des outils pensés pour le PC sécurité, les chefs de poste et les agents sur le terrain.',
        )}
      />
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {features.map((feature) => {
          const Icon = icons[feature.icon];
          return (
            <article
              key={feature.title}
              className="group rounded-2xl border border-ink-700 bg-ink-850 p-6 transition-colors hover:border-blue-500/50"
            >
              <span className="flex size-12 items-center justify-center rounded-xl bg-blue-500/15 text-blue-300 ring-1 ring-blue-400/30">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-5 text-xl font-semibold text-white">{t(feature.title)}</h3>
              <p className="mt-2 text-slate-300">{t(feature.description)}</p>
              <ul className="mt-4 flex flex-col gap-2 text-sm text-slate-300">
                {feature.points.map((point) => (
                  <li key={point} className="flex items-start gap-2">
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-blue-300" />
                    {t(point)}
                  </li>
                ))}
              </ul>
            </article>
          );
        })}
      </div>
    </section>
  );
}
