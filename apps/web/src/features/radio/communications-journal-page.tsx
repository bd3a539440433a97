import { ArrowLeft, MessagesSquare } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { LoadMore } from '../../components/load-more';
import { QueryState } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { t } from '../../lib/i18n/i18n';
import { useSession } from '../../lib/session';
import { journalFiltersOf, useCommunicationJournal } from './api/get-communication-journal';
import { CommunicationItem } from './components/communication-item';
import { ALL_CHANNELS, JournalFilters } from './components/journal-filters';
import { journalSummary } from './journal-summary';

/**
 * Journal des communications: every transmission of the company, newest first, 50 at a time, by
 * channel and emergencies only. The filters live in the URL (?channel=id&emergency=true), so a
 * filtered journal can be linked to and survives a reload.
 */
export default function CommunicationsJournalPage() {
  const timezone = useSession().user?.timezone;
  const [params, setParams] = useSearchParams();
  const { channelId, emergency } = journalFiltersOf(params);
  const emergencyOnly = emergency === true;

  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  const list = useCommunicationJournal({ channelId, emergency: emergencyOnly });
  const communications = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const filtered = channelId !== undefined || emergencyOnly;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <Button asChild variant="ghost" size="sm" className="-ml-3 self-start text-fg-muted">
          <Link to="/dashboard/radio">
            <ArrowLeft aria-hidden="true" />
            {t('Radio POC 4G')}
          </Link>
        </Button>
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
            {t('Journal des communications')}
          </h1>
          <p className="text-fg-muted">
            {t(
              "Toutes les transmissions radio, les plus récentes en premier, transcrites et analysées par l'IA.",
            )}
          </p>
        </div>
      </div>

      <JournalFilters
        channelId={channelId ?? ALL_CHANNELS}
        onChannelChange={(value) => setParam('channel', value === ALL_CHANNELS ? null : value)}
        emergencyOnly={emergencyOnly}
        onEmergencyOnlyChange={(checked) => setParam('emergency', checked ? 'true' : null)}
      />

      <QueryState
        query={list}
        loading={t('Chargement du journal…')}
        error={t('Impossible de charger le journal des communications')}
        empty={{
          when: communications.length === 0,
          icon: MessagesSquare,
          title: filtered
            ? t('Aucune communication pour ces filtres.')
            : t('Aucune communication pour le moment.'),
        }}
      >
        <div className="flex flex-col gap-3">
          <p className="text-sm text-fg-muted" aria-live="polite" data-testid="journal-summary">
            {journalSummary(communications.length, total, list.hasNextPage)}
          </p>
          <ul className="flex flex-col gap-3" aria-label={t('Journal des communications')}>
            {communications.map((communication) => (
              <CommunicationItem key={communication.id} communication={communication} timezone={timezone} />
            ))}
          </ul>
          <LoadMore list={list} />
        </div>
      </QueryState>
    </div>
  );
}
