import { useQuery } from '@tanstack/react-query';
import type { LogbookCategory } from '@vigie/contract/logbook.contract';
import { BookText, Route, ShieldAlert, UserX } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-errors';
import { DEFAULT_TIMEZONE } from '../../lib/format';
import { t } from '../../lib/i18n/i18n';
import { myServiceQueryOptions } from '../../lib/my-service-api';
import { useSession } from '../../lib/session';
import { useHandover } from './api/get-handover';
import { useOpenRounds } from './api/get-open-rounds';
import { useSiteEntries } from './api/get-site-entries';
import { useSiteTours } from './api/get-site-tours';
import { AgentFooter, AgentHeader } from './components/agent-header';
import { EntryComposer } from './components/entry-composer';
import { EntryList } from './components/entry-list';
import { HandoverCard, useHandoverRead } from './components/handover-card';
import { InterventionSection } from './components/intervention-section';
import { OutboxPanel } from './components/outbox-panel';
import { RoundsSection } from './components/rounds-section';
import { ScanScreen } from './components/scan-screen';
import { actionableShift, ServiceSection } from './components/service-section';
import { useOutboxSender, useOutboxState } from './outbox/agent-outbox';
import type { OutboxItem } from './outbox/outbox-types';
import { useOnline } from './use-online';

type AgentSpacePageProps = {
  fullVersionState: unknown;
  onSignOut: () => void;
  /** The SOS button and the lone-worker switch (their own feature, composed by the route). */
  safety?: (context: { shiftInProgress: boolean }) => ReactNode;
};

function Section({
  id,
  title,
  icon: Icon,
  children,
}: {
  id: string;
  title: string;
  icon: typeof Route;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-4 rounded-2xl border border-white/10 bg-ink-900 p-4"
    >
      <h2 id={id} className="flex items-center gap-2 text-xl font-bold text-white">
        <Icon aria-hidden="true" className="size-6 text-blue-300" />
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The agent's phone space (/agent): today's service and clocking, the relève to read first, the
 * main courante to write, the rounds to walk, the SOS and lone-worker protection. Installable and
 * usable offline: the last data stays shown, and every write goes through the outbox.
 */
export default function AgentSpacePage({ fullVersionState, onSignOut, safety }: AgentSpacePageProps) {
  const { user } = useSession();
  const timezone = user?.timezone ?? DEFAULT_TIMEZONE;
  const online = useOnline();
  useOutboxSender();
  const outbox = useOutboxState();
  const service = useQuery(myServiceQueryOptions());
  const [openRoundId, setOpenRoundId] = useState<string | null>(null);
  const [category, setCategory] = useState<LogbookCategory>('ronde');
  const textRef = useRef<HTMLTextAreaElement | null>(null);
  const logbookRef = useRef<HTMLDivElement | null>(null);

  const shifts = [...(service.data?.shifts ?? [])].sort((a, b) => a.start.localeCompare(b.start));
  const target = actionableShift(shifts);
  const running = target?.action === 'out' ? target.shift : null;
  const dutySite = running?.siteId ?? '';
  const handoverSite = target?.shift.siteId ?? '';
  const handover = useHandover(handoverSite);
  const read = useHandoverRead(user?.id ?? '', handover.data?.id);
  const entries = useSiteEntries(dutySite);
  const rounds = useOpenRounds();
  const openRound = rounds.data?.find((r) => r.id === openRoundId);
  const tours = useSiteTours(openRound?.siteId ?? dutySite);

  const pendingEntries = outbox.pending.filter(
    (i): i is Extract<OutboxItem, { kind: 'logbook' }> =>
      i.kind === 'logbook' && i.payload.siteId === dutySite,
  );
  const pendingScans = outbox.pending.filter(
    (i): i is Extract<OutboxItem, { kind: 'scan' }> => i.kind === 'scan',
  );

  const writeHandover = () => {
    // i18n: not shown (a stored value compared, not a text)
    setCategory('relève');
    logbookRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    textRef.current?.focus({ preventScroll: true });
  };

  const frame = (children: ReactNode) => (
    <div className="min-h-dvh bg-ink-950 text-white">
      <AgentHeader online={online} />
      <main className="mx-auto flex w-full max-w-xl flex-col gap-5 px-4 pt-4 pb-10" data-testid="agent-space">
        {children}
        {openRound ? null : <AgentFooter fullVersionState={fullVersionState} onSignOut={onSignOut} />}
      </main>
    </div>
  );

  if (openRound) {
    const queued = new Set(
      pendingScans.filter((s) => s.payload.roundId === openRound.id).map((s) => s.payload.checkpointId),
    );
    return frame(
      <ScanScreen
        round={openRound}
        tour={tours.data?.find((t) => t.id === openRound.tourId)}
        queued={queued}
        onClose={() => setOpenRoundId(null)}
      />,
    );
  }

  if (!service.data) {
    return frame(
      service.isError ? (
        <p
          role="alert"
          className="rounded-2xl border-2 border-red-500/60 bg-red-500/10 p-5 text-lg text-red-100"
        >
          {errorMessage(service.error, t('Impossible de charger votre service'))}
        </p>
      ) : online ? (
        <div className="flex justify-center py-20">
          <Spinner label={t('Chargement de votre espace…')} />
        </div>
      ) : (
        <p className="rounded-2xl border-2 border-amber-400/70 bg-amber-500/10 p-5 text-lg text-amber-50">
          {t(
            "Hors ligne : votre service n'a pas encore été chargé sur ce téléphone. Il s'affichera au retour du réseau.",
          )}
        </p>
      ),
    );
  }

  const { agent } = service.data;
  if (!agent) {
    return frame(
      <p className="flex items-center gap-3 rounded-2xl border-2 border-ink-600 bg-ink-850 p-5 text-lg text-white">
        <UserX aria-hidden="true" className="size-8 shrink-0 text-slate-300" />
        {t("Votre compte n'est lié à aucune fiche agent. Demandez à votre administrateur de la lier.")}
      </p>,
    );
  }

  // The agent's own relève (written before leaving) is not one to read.
  const handoverRead = read.read || handover.data?.author.userId === user?.id;
  const handoverCard = handover.data ? (
    <HandoverCard entry={handover.data} read={handoverRead} onRead={read.markRead} />
  ) : null;

  return frame(
    <>
      <OutboxPanel online={online} />
      <InterventionSection onDuty={running !== null} />
      {/* The relève comes first while it has not been read. */}
      {handoverCard && !handoverRead ? handoverCard : null}
      <ServiceSection
        agent={agent}
        shifts={shifts}
        timezone={timezone}
        waiting={outbox.pending.length}
        onWriteHandover={writeHandover}
      />
      <Section id="agent-safety-title" title={t('Sécurité')} icon={ShieldAlert}>
        {safety ? (
          safety({ shiftInProgress: running !== null })
        ) : (
          // SLOT: the SOS button and the lone-worker switch (features/lone-worker), passed by the route.
          <p className="text-base text-slate-300" data-testid="agent-safety-slot">
            {t('Bouton SOS et protection travailleur isolé : bientôt disponibles ici.')}
          </p>
        )}
      </Section>
      {handoverCard && handoverRead ? handoverCard : null}
      <Section id="agent-rounds-title" title={t('Rondes')} icon={Route}>
        <RoundsSection
          agentId={agent.id}
          siteId={dutySite}
          online={online}
          pendingScans={pendingScans}
          onOpen={setOpenRoundId}
        />
      </Section>
      <div ref={logbookRef} className="scroll-mt-20">
        <Section id="agent-logbook-title" title={t('Main courante')} icon={BookText}>
          {running ? (
            <>
              <p className="text-sm text-slate-300">{running.siteName}</p>
              <EntryComposer
                siteId={dutySite}
                category={category}
                onCategory={setCategory}
                textRef={textRef}
              />
              <EntryList entries={entries.data ?? []} pending={pendingEntries} />
            </>
          ) : (
            <p className="text-base text-slate-300">
              {t('Prenez votre service pour écrire dans la main courante du site.')}
            </p>
          )}
        </Section>
      </div>
    </>,
  );
}
