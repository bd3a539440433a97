import type { Site } from '@vigie/contract/sites.contract';
import { Mail, Phone, User } from 'lucide-react';
import { t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';

type Contact = Pick<Site, 'contactName' | 'contactPhone' | 'contactEmail'>;

export const hasContact = (site: Contact) => !!(site.contactName || site.contactPhone || site.contactEmail);

/** The site's contact person, phone (tel: link) and e-mail (mailto: link), whichever are set. */
export function SiteContactList({ site, className }: { site: Contact; className?: string }) {
  return (
    <ul className={cn('flex flex-col gap-1.5 text-sm', className)} aria-label={t('Contact')}>
      {site.contactName ? (
        <li className="flex items-center gap-2">
          <User aria-hidden="true" className="size-4 shrink-0 text-fg-muted" />
          {site.contactName}
        </li>
      ) : null}
      {site.contactPhone ? (
        <li className="flex items-center gap-2">
          <Phone aria-hidden="true" className="size-4 shrink-0 text-fg-muted" />
          <a href={`tel:${site.contactPhone}`} className="hover:text-white">
            {site.contactPhone}
          </a>
        </li>
      ) : null}
      {site.contactEmail ? (
        <li className="flex min-w-0 items-center gap-2">
          <Mail aria-hidden="true" className="size-4 shrink-0 text-fg-muted" />
          <a href={`mailto:${site.contactEmail}`} className="break-all hover:text-white">
            {site.contactEmail}
          </a>
        </li>
      ) : null}
    </ul>
  );
}
