import { ArrowRight, MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { t } from '../../../lib/i18n/i18n';
import { useRecentCommunications } from '../api/get-communications';
import { CommunicationItem } from './communication-item';

/**
 * 'Communications récentes': the last 5 transmissions, transcribed and analysed, and the way to the
 * whole journal (/dashboard/radio/journal).
 */
export function CommunicationsCard({ timezone }: { timezone?: string }) {
  const list = useRecentCommunications();
  return (
    <Card data-testid="radio-communications">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessagesSquare aria-hidden="true" className="size-5 text-blue-300" />
          {t('Communications récentes')}
        </CardTitle>
        <CardDescription>
          {t("Transcrites et analysées par l'IA pour détecter les urgences.")}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={list}
          layout="card"
          loading={t('Chargement des communications…')}
          error={t('Impossible de charger les communications')}
          empty={{ when: (data) => data.length === 0, title: t('Aucune communication pour le moment.') }}
        >
          {(data) => (
            <ul className="flex flex-col gap-3" aria-label={t('Communications récentes')}>
              {data.map((communication) => (
                <CommunicationItem key={communication.id} communication={communication} timezone={timezone} />
              ))}
            </ul>
          )}
        </QueryState>
        <Button asChild variant="outline" size="sm" className="mt-4 w-full sm:w-auto">
          <Link to="/dashboard/radio/journal">
            {t('Voir tout le journal')}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
