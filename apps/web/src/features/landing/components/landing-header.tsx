import { LogIn, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo';
import { Button } from '../../../components/ui/button';
import { t } from '../../../lib/i18n/i18n';
import { brand } from '../content';

export function LandingHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-white/5 bg-ink-950/85 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
        <Link to="/" aria-label={t('{name} — accueil', { name: brand.name })} className="rounded-lg">
          <BrandLogo />
        </Link>
        <div className="flex items-center gap-2 sm:gap-4">
          {brand.phone ? (
            <a
              href={`tel:${brand.phone.e164}`}
              className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm font-medium text-slate-200 hover:text-white"
            >
              <Phone aria-hidden="true" className="size-4 text-blue-300" />
              <span className="sr-only sm:not-sr-only">{brand.phone.display}</span>
            </a>
          ) : null}
          <Button asChild size="sm">
            <Link to="/login">
              <LogIn aria-hidden="true" />
              {t('Connexion')}
            </Link>
          </Button>
        </div>
      </div>
    </header>
  );
}
