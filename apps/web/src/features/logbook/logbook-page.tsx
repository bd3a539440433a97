import type { LogbookEntry } from '@vigie/contract/logbook.contract';
import { ShieldCheck, ShieldX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { LoadMore } from '../../components/load-more';
import { EmptyState, QueryState } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { NativeSelect } from '../../components/ui/native-select';
import { errorMessage } from '../../lib/api-errors';
import { userTimezone } from '../../lib/format';
import { currentLocale, t } from '../../lib/i18n/i18n';
import { useLogbook } from './api/get-logbook';
import { useLogbookSites } from './api/get-logbook-sites';
import { useVerifyLogbook } from './api/verify-logbook';
import { EntryCard } from './components/entry-card';
import { EntryForm } from './components/entry-form';
import { periodRange, todayIn } from './components/period';

/** Main courante électronique: a site's register for a period, live, with writing and the integrity check. */
export default function LogbookPage() {
  const tz = userTimezone();
  const sites = useLogbookSites();
  const [siteId, setSiteId] = useState('');
  const [fromDay, setFromDay] = useState(() => todayIn(tz));
  const [toDay, setToDay] = useState(() => todayIn(tz));
  const [correcting, setCorrecting] = useState<LogbookEntry | null>(null);
  const verify = useVerifyLogbook();

  const firstSite = sites.data?.[0]?.id;
  useEffect(() => {
    if (!siteId && firstSite) setSiteId(firstSite);
  }, [siteId, firstSite]);

  const range = fromDay && toDay ? periodRange(fromDay, toDay, tz) : {};
  const list = useLogbook({ siteId, ...range });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages[0]?.total;
  const entries = items.filter((e) => !e.correctsId || !items.some((o) => o.id === e.correctsId));

  const siteOptions = (sites.data ?? []).map((s) => ({ value: s.id, label: s.name }));

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">{t('Main courante')}</h1>
        <p className="text-fg-muted">
          {t(
            "Registre électronique de chaque site : numéroté sans trou, jamais modifié ni supprimé (une correction est une nouvelle entrée), chaîné pour prouver son intégrité. Les alarmes, refus d'accès, SOS, prises de service, alertes de ronde et alertes travailleur isolé y apparaissent automatiquement.",
          )}
        </p>
      </div>

      <Card>
        <CardContent className="grid gap-3 pt-6 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="logbook-site">{t('Site')}</Label>
            <NativeSelect
              id="logbook-site"
              value={siteId}
              onChange={(e) => {
                setSiteId(e.target.value);
                verify.reset();
              }}
              options={siteOptions.length ? siteOptions : [{ value: '', label: t('Aucun site') }]}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="logbook-from">{t('Du')}</Label>
            <Input
              id="logbook-from"
              type="date"
              value={fromDay}
              onChange={(e) => setFromDay(e.target.value)}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="logbook-to">{t('Au')}</Label>
            <Input id="logbook-to" type="date" value={toDay} onChange={(e) => setToDay(e.target.value)} />
          </div>
          <Button
            variant="outline"
            disabled={!siteId || verify.isPending}
            onClick={() => verify.mutate(siteId)}
          >
            <ShieldCheck aria-hidden="true" /> {t("Vérifier l'intégrité")}
          </Button>
        </CardContent>
        {(verify.data || verify.error) && (
          <CardContent className="pt-0">
            {verify.error ? (
              <p role="alert" className="text-sm text-red-300">
                {errorMessage(verify.error)}
              </p>
            ) : verify.data?.ok ? (
              <p role="status" className="flex items-center gap-2 text-sm text-emerald-300">
                <ShieldCheck className="size-4" aria-hidden="true" />{' '}
                {t(
                  '{count, plural, one {Intégrité vérifiée : {count} entrée contrôlée, aucune altération.} other {Intégrité vérifiée : {count} entrées contrôlées, aucune altération.}}',
                  { count: verify.data.checked },
                )}
              </p>
            ) : (
              <p role="alert" className="flex items-center gap-2 text-sm text-red-300">
                <ShieldX className="size-4" aria-hidden="true" />{' '}
                {t(
                  "Chaîne rompue à l'entrée n° {number} : le registre a été altéré dans la base de données.",
                  { number: verify.data?.firstBrokenNumber },
                )}
              </p>
            )}
          </CardContent>
        )}
      </Card>

      <div className="grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Card className="h-fit">
          <CardHeader>
            <CardTitle>
              {correcting
                ? t("Corriger l'entrée n° {number}", { number: correcting.number })
                : t('Nouvelle entrée')}
            </CardTitle>
          </CardHeader>
          <CardContent>
            {siteId ? (
              <EntryForm
                key={correcting?.id ?? `new-${siteId}`}
                siteId={siteId}
                corrects={correcting}
                onDone={() => setCorrecting(null)}
              />
            ) : (
              <p className="text-fg-muted">{t("Créez d'abord un site pour tenir sa main courante.")}</p>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>
              {total !== undefined
                ? t('Entrées ({total})', { total: total.toLocaleString(currentLocale()) })
                : t('Entrées')}
            </CardTitle>
          </CardHeader>
          <CardContent>
            {/* Without a site the list is not asked for: nothing to load, nothing to show. */}
            {siteId ? (
              <QueryState
                query={list}
                layout="card"
                loading={t('Chargement des entrées…')}
                error={t('Impossible de charger la main courante')}
                empty={{ when: entries.length === 0, title: t('Aucune entrée sur cette période.') }}
              >
                <ol className="flex flex-col gap-3" aria-label={t('Entrées de la main courante')}>
                  {entries.map((e) => (
                    <EntryCard
                      key={e.id}
                      entry={e}
                      onCorrect={(entry) => {
                        setCorrecting(entry);
                        window.scrollTo({ top: 0, behavior: 'smooth' });
                      }}
                    />
                  ))}
                </ol>
              </QueryState>
            ) : (
              <EmptyState layout="card" title={t('Aucune entrée sur cette période.')} />
            )}
            <LoadMore list={list} className="mt-3 w-full sm:w-auto" />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
