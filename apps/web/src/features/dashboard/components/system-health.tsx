import type { SystemComponent } from '@vigie/contract/dashboard.contract';
import { Activity } from 'lucide-react';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';

// The statuses as the server names them, as keys of one select message: 'Hors service' alone is
// already a message elsewhere (an officer off duty), with another meaning.
const statusKeys: Record<SystemComponent['status'], string> = {
  Actif: 'up',
  Dégradé: 'degraded',
  'Hors service': 'down',
  'Aucune donnée': 'none',
};

function statusLabel(status: SystemComponent['status']) {
  return t('{status, select, up {Actif} degraded {Dégradé} down {Hors service} other {Aucune donnée}}', {
    status: statusKeys[status],
  });
}

const dotClasses: Record<SystemComponent['status'], string> = {
  Actif: 'bg-emerald-400',
  Dégradé: 'bg-amber-400',
  'Hors service': 'bg-red-500',
  'Aucune donnée': 'bg-slate-500',
};

/** 'Système opérationnel' when every subsystem that has data is Actif. */
export function isOperational(components: SystemComponent[]) {
  // i18n: not shown (statuses as the server names them)
  return components.every((c) => c.status === 'Actif' || c.status === 'Aucune donnée');
}

export function SystemHealth({ components }: { components: SystemComponent[] }) {
  return (
    <Card>
      <div className="flex flex-col gap-1 border-b border-ink-700 p-5">
        <CardTitle className="flex items-center gap-2">
          <Activity aria-hidden="true" className="size-5 text-emerald-300" />
          {t('État du système')}
        </CardTitle>
        <CardDescription>{t('Disponibilité mesurée sur les dernières 24 heures')}</CardDescription>
      </div>
      <ul className="grid gap-4 p-5 md:grid-cols-2 xl:grid-cols-4">
        {components.map((component) => (
          <li
            key={component.name}
            className="flex flex-col gap-2 rounded-lg border border-ink-700 bg-ink-900/50 p-4"
          >
            <div className="flex items-center justify-between gap-2">
              <h3 className="font-medium text-white">{component.name}</h3>
              <span className="flex items-center gap-1.5 text-xs text-slate-300">
                <span
                  aria-hidden="true"
                  className={cn('size-2.5 rounded-full', dotClasses[component.status])}
                />
                {/* Without data the line below already says so. */}
                <span className={component.uptime === null ? 'sr-only' : undefined}>
                  {statusLabel(component.status)}
                </span>
              </span>
            </div>
            {component.uptime === null ? (
              <p className="text-lg font-medium text-fg-muted">{t('Aucune donnée')}</p>
            ) : (
              <p className="text-2xl font-semibold text-white tabular-nums">{component.uptime}</p>
            )}
            <p className="text-sm text-fg-muted">{component.description}</p>
          </li>
        ))}
      </ul>
    </Card>
  );
}
