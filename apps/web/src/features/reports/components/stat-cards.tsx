import type { ReportStatistics } from '@vigie/contract/reports.contract';
import {
  Building2,
  Camera,
  CheckCircle2,
  DoorOpen,
  type LucideIcon,
  ShieldAlert,
  ShieldX,
  Timer,
  Users,
} from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { intlLocale } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';

/** A figure with one decimal at most, in the user's language (« 1 234,5 » in French). */
const n = (v: number) => new Intl.NumberFormat(intlLocale(), { maximumFractionDigits: 1 }).format(v);

type CardSpec = { title: string; value: string; detail: string; icon: LucideIcon; tone: string };

function cardsOf(s: ReportStatistics): CardSpec[] {
  const resolvedShare =
    s.totalIncidents > 0 ? Math.round((s.resolvedIncidents / s.totalIncidents) * 100) : null;
  return [
    {
      title: t('Incidents totaux'),
      value: n(s.totalIncidents),
      detail: t('Alarmes déclenchées sur la période'),
      icon: ShieldAlert,
      tone: 'bg-red-500/15 text-red-300',
    },
    {
      title: t('Incidents résolus'),
      value: n(s.resolvedIncidents),
      detail:
        resolvedShare === null
          ? t('Aucun incident')
          : t('{share} % des incidents', { share: String(resolvedShare) }),
      icon: CheckCircle2,
      tone: 'bg-emerald-500/15 text-emerald-300',
    },
    {
      title: t('Temps de réponse moyen'),
      value: s.avgResponseTime === null ? '—' : `${n(s.avgResponseTime)} min`,
      detail: t("Du déclenchement à l'acquittement"),
      icon: Timer,
      tone: 'bg-blue-500/15 text-blue-300',
    },
    {
      title: t('Disponibilité caméras'),
      value: s.camerasUptime === null ? '—' : t('{value} %', { value: n(s.camerasUptime) }),
      detail: s.camerasUptime === null ? t('Aucune mesure sur la période') : t('Mesurée par les sondes'),
      icon: Camera,
      tone: 'bg-violet-500/15 text-violet-300',
    },
    {
      title: t("Tentatives d'accès"),
      value: n(s.accessAttempts),
      detail: t('Passages de badge'),
      icon: DoorOpen,
      tone: 'bg-sky-500/15 text-sky-300',
    },
    {
      title: t('Accès non autorisés'),
      value: n(s.unauthorizedAttempts),
      detail: t('Passages refusés'),
      icon: ShieldX,
      tone: 'bg-amber-500/15 text-amber-300',
    },
    {
      title: t('Agents en service'),
      value: n(s.activeSecurity),
      detail: t('Pointés en ce moment'),
      icon: Users,
      tone: 'bg-emerald-500/15 text-emerald-300',
    },
    {
      title: t('Sites surveillés'),
      value: n(s.sitesMonitored),
      detail: t('Sites actifs'),
      icon: Building2,
      tone: 'bg-blue-500/15 text-blue-300',
    },
  ];
}

/** The eight statistics cards of the period. */
export function StatCards({ statistics }: { statistics: ReportStatistics }) {
  return (
    <section
      aria-label={t('Statistiques de la période')}
      className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4"
    >
      {cardsOf(statistics).map(({ title, value, detail, icon: Icon, tone }) => (
        <Card key={title} className="flex items-start justify-between gap-4 p-4 sm:p-5">
          <div className="flex min-w-0 flex-col gap-1">
            <h2 className="text-sm font-medium text-fg-muted">{title}</h2>
            <p className="text-2xl font-bold text-white tabular-nums sm:text-3xl">{value}</p>
            <p className="text-xs text-fg-muted">{detail}</p>
          </div>
          <span className={`hidden size-11 shrink-0 items-center justify-center rounded-xl sm:flex ${tone}`}>
            <Icon aria-hidden="true" className="size-5" />
          </span>
        </Card>
      ))}
    </section>
  );
}
