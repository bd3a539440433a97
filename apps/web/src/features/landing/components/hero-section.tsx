import { ArrowRight, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { t } from '../../../lib/i18n/i18n';
import { hero } from '../content';

export function HeroSection() {
  return (
    <section className="relative overflow-hidden">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0">
        <div className="absolute -top-40 left-1/2 h-[32rem] w-[56rem] -translate-x-1/2 rounded-full bg-blue-600/20 blur-3xl" />
        <div className="absolute inset-0 bg-[linear-gradient(to_right,rgba(148,163,184,0.06)_1px,transparent_1px),linear-gradient(to_bottom,rgba(148,163,184,0.06)_1px,transparent_1px)] bg-[size:48px_48px] [mask-image:radial-gradient(ellipse_at_center,black_30%,transparent_75%)]" />
      </div>
      <div className="relative mx-auto flex max-w-5xl flex-col items-center px-4 pt-20 pb-16 text-center sm:px-6 sm:pt-28 sm:pb-24">
        <p className="inline-flex items-center gap-2 rounded-full border border-blue-400/30 bg-blue-500/10 px-4 py-1.5 text-sm font-medium text-blue-200">
          <ShieldCheck aria-hidden="true" className="size-4" />
          {t(hero.eyebrow)}
        </p>
        <h1 className="mt-8 text-4xl font-extrabold tracking-tight text-balance text-white sm:text-5xl lg:text-6xl">
          {t(hero.title)}
        </h1>
        <p className="mt-6 max-w-3xl text-lg text-pretty text-slate-300">{t(hero.subtitle)}</p>
        <div className="mt-10 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button asChild size="lg">
            <Link to="/register-company">
              {t(hero.primaryCta)}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/login">{t(hero.secondaryCta)}</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
