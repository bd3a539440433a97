import { ExternalLink, Phone } from 'lucide-react';
import { BrandLogo } from '../../../components/brand-logo';
import { t } from '../../../lib/i18n/i18n';
import { brand, footer } from '../content';

export function LandingFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-white/5 bg-ink-950">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3 lg:px-8">
        <div className="flex flex-col gap-4">
          <BrandLogo />
          <p className="max-w-xs text-sm text-slate-300">{t(footer.description)}</p>
        </div>
        {footer.phones.length > 0 ? (
          <div>
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{t('Nous appeler')}</h2>
            <ul className="mt-4 grid grid-cols-1 gap-2 text-sm sm:grid-cols-2 md:grid-cols-1">
              {footer.phones.map((phone) => (
                <li key={phone.label}>
                  <a
                    href={`tel:${phone.e164}`}
                    className="flex items-center gap-2 text-slate-300 hover:text-white"
                  >
                    <Phone aria-hidden="true" className="size-4 text-blue-300" />
                    <span className="font-semibold text-slate-200">{phone.label}</span>
                    {phone.display}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{t('En savoir plus')}</h2>
          <a
            href={footer.website.url}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-4 inline-flex items-center gap-2 text-sm text-blue-300 hover:text-blue-200"
          >
            {footer.website.label}
            <ExternalLink aria-hidden="true" className="size-4" />
            <span className="sr-only">{t('(nouvel onglet)')}</span>
          </a>
        </div>
      </div>
      <div className="border-t border-white/5 py-6 text-center text-sm text-slate-400">
        {t('© {year} {name}. Tous droits réservés.', { year, name: brand.name })}
      </div>
    </footer>
  );
}
