import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { t } from '../../../lib/i18n/i18n';
import { closingCta } from '../content';

export function ClosingCta() {
  return (
    <section aria-labelledby="cta-title" className="px-4 py-20 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-5xl overflow-hidden rounded-3xl bg-gradient-to-br from-blue-700 via-blue-800 to-indigo-900 px-6 py-14 text-center shadow-2xl shadow-blue-950/50 sm:px-12">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
          {t(closingCta.title)}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-blue-100">{t(closingCta.subtitle)}</p>
        <Button asChild size="lg" variant="light" className="mt-8">
          <Link to="/register-company">
            {t(closingCta.cta)}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </section>
  );
}
