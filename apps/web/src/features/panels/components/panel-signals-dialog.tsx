import {
  type PanelDto,
  type PanelSignalDto,
  panelSignalOutcomeLabels,
} from '@vigie/contract/panels.contract';
import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { LoadMore } from '../../../components/load-more';
import { QueryState } from '../../../components/query-state';
import { Badge } from '../../../components/ui/badge';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { formatDateTime } from '../../../lib/format';
import { currentLocale, t } from '../../../lib/i18n/i18n';
import { usePanelSignals } from '../api/get-panel-signals';
import { PanelLinkBadge } from './panel-badges';

const answerTones = { ACK: 'success', NAK: 'warning', DUH: 'danger', none: 'neutral' } as const;
const outcomeTones: Record<
  PanelSignalDto['outcome'],
  'neutral' | 'accent' | 'success' | 'warning' | 'danger'
> = {
  alarm: 'danger',
  restore: 'success',
  logbook: 'accent',
  supervision: 'neutral',
  unknown: 'warning',
  test: 'warning',
  duplicate: 'neutral',
  refused: 'danger',
};
const transportLabels = { tcp: 'TCP', udp: 'UDP', surgard: 'Sur-Gard' } as const;

/**
 * One signal: when and how it came, the answer, what it created (and a link to the alarm), its
 * meaning, then the frame as received (the server writes control bytes as \xNN; an encrypted
 * frame's decrypted content follows on its own line).
 */
function SignalItem({ signal, timezone }: { signal: PanelSignalDto; timezone?: string }) {
  return (
    <li
      className="flex flex-col gap-2 rounded-lg border border-ink-700 bg-ink-900/60 p-3"
      data-testid="panel-signal"
      data-outcome={signal.outcome}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        <span className="text-sm font-medium whitespace-nowrap text-white">
          {formatDateTime(signal.receivedAt, timezone)}
        </span>
        <span className="text-xs text-fg-muted">{t(transportLabels[signal.transport])}</span>
        <span className="flex flex-wrap items-center gap-1.5">
          <Badge
            tone={answerTones[signal.answer]}
            className="font-mono"
            title={t('Réponse envoyée à la centrale')}
          >
            <span className="sr-only">{t('Réponse :')} </span>
            {signal.answer === 'none' ? t('aucune réponse') : signal.answer}
          </Badge>
          <Badge tone={outcomeTones[signal.outcome]} className="whitespace-nowrap">
            {t(panelSignalOutcomeLabels[signal.outcome])}
          </Badge>
        </span>
        {signal.alarmId ? (
          <Link
            to={`/dashboard/alarms?alarm=${encodeURIComponent(signal.alarmId)}`}
            className="inline-flex items-center gap-1 text-xs text-blue-300 underline-offset-2 hover:underline"
          >
            {t('Voir l’alarme')}
            <ExternalLink aria-hidden="true" className="size-3" />
          </Link>
        ) : null}
      </div>
      <p className="text-sm text-slate-200">{signal.meaning}</p>
      <code className="block rounded-md bg-ink-950/70 px-2 py-1.5 font-mono text-xs break-all whitespace-pre-wrap text-slate-400">
        {signal.raw}
      </code>
    </li>
  );
}

function SignalJournal({ panel, timezone }: { panel: PanelDto; timezone?: string }) {
  const list = usePanelSignals(panel.id);
  const signals = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  return (
    <QueryState
      query={list}
      layout="card"
      loading={t('Chargement du journal…')}
      error={t('Impossible de charger le journal des signaux')}
      empty={{
        when: signals.length === 0,
        title: t('Aucun signal reçu de cette centrale.'),
        hint: t('Programmez-la avec le compte {account} : son premier signal apparaîtra ici.', {
          account: panel.account,
        }),
      }}
    >
      <div className="flex flex-col gap-3">
        <p className="text-sm text-fg-muted" aria-live="polite" data-testid="signals-summary">
          {total > signals.length
            ? t('Les {shown} plus récents sur {total} signaux', {
                shown: signals.length.toLocaleString(currentLocale()),
                total: total.toLocaleString(currentLocale()),
              })
            : t('{count, plural, one {# signal} other {# signaux}}', { count: total })}
        </p>
        <ol
          className="flex flex-col gap-2"
          aria-label={t('Journal des signaux de {name}', { name: panel.name })}
        >
          {signals.map((signal) => (
            <SignalItem key={signal.id} signal={signal} timezone={timezone} />
          ))}
        </ol>
        <LoadMore list={list} />
      </div>
    </QueryState>
  );
}

/** What a panel sent, what it meant, what was answered and what it created: commissioning at a glance. */
export function PanelSignalsDialog({
  panel,
  onOpenChange,
  timezone,
}: {
  panel: PanelDto | null;
  onOpenChange: (open: boolean) => void;
  timezone?: string;
}) {
  return (
    <Dialog open={panel !== null} onOpenChange={onOpenChange}>
      {panel ? (
        <DialogContent
          size="xl"
          title={t('Journal des signaux — {name}', { name: panel.name })}
          description={
            <span className="flex flex-wrap items-center gap-2">
              {panel.siteName} ·{' '}
              <span className="whitespace-nowrap">
                {t('compte')} <span className="font-mono">{panel.account}</span>
              </span>
              <PanelLinkBadge state={panel.linkState} />
            </span>
          }
        >
          <SignalJournal panel={panel} timezone={timezone} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
