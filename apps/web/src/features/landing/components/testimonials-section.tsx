import { Quote, Star } from 'lucide-react';
import { t } from '../../../lib/i18n/i18n';
import { testimonials } from '../content';
import { SectionHeading } from './section-heading';

const starKeys = ['s1', 's2', 's3', 's4', 's5'];

export function TestimonialsSection() {
  return (
    <section aria-labelledby="testimonials-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <SectionHeading id="testimonials-title" title={t('Ils nous font confiance')} />
      {/* The quotes are marketing content written for the page (content.ts), and say so. */}
      <p className="-mt-6 mb-8 text-center text-xs text-fg-muted">
        {t("Témoignages d'illustration — les noms et sociétés sont fictifs.")}
      </p>
      <div className="grid gap-6 lg:grid-cols-3">
        {testimonials.map((item) => (
          <figure key={item.name} className="flex flex-col rounded-2xl border border-ink-700 bg-ink-850 p-6">
            <div className="flex items-center justify-between">
              <p
                className="flex gap-0.5"
                role="img"
                aria-label={t('Note : {rating} sur 5', { rating: item.rating })}
              >
                {starKeys.slice(0, item.rating).map((key) => (
                  <Star key={key} aria-hidden="true" className="size-4 fill-amber-400 text-amber-400" />
                ))}
              </p>
              <Quote aria-hidden="true" className="size-6 text-blue-400/40" />
            </div>
            <blockquote className="mt-4 flex-1 text-slate-200">
              {t('« {quote} »', { quote: t(item.content) })}
            </blockquote>
            <figcaption className="mt-6 flex items-center gap-3 border-t border-ink-700 pt-4">
              <span
                aria-hidden="true"
                className="flex size-10 items-center justify-center rounded-full bg-gradient-to-br from-blue-500 to-indigo-700 text-sm font-semibold text-white"
              >
                {item.name
                  .split(' ')
                  .map((part) => part[0])
                  .join('')}
              </span>
              <span className="flex flex-col">
                <span className="font-semibold text-white">{item.name}</span>
                <span className="text-sm text-slate-300">
                  {t(item.role)}, {item.company}
                </span>
              </span>
            </figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}
