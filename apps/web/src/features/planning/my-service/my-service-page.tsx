import { CalendarX, RefreshCw, UserX } from 'lucide-react';
import type { ReactNode } from 'react';
import { BigButton } from '../../../components/my-service/big-button';
import { ServiceGreeting } from '../../../components/my-service/service-greeting';
import { type ServiceShift, ServiceShiftCard } from '../../../components/my-service/service-shift-card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-errors';
import { DEFAULT_TIMEZONE } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { useMyService } from '../../../lib/my-service-api';
import { localDay, localHour, longToday } from '../../../lib/service-dates';
import { useSession } from '../../../lib/session';

/** The one shift the agent can act on: the running one, else the next one not started. */
function actionableShift(shifts: ServiceShift[]) {
  const running = shifts.find((s) => s.status === 'En cours');
  if (running) return { id: running.id, action: 'out' as const };
  // i18n: not shown (a stored status compared, not a text)
  const next = shifts.find((s) => s.status === 'Programmé');
  return next ? { id: next.id, action: 'in' as const } : null;
}

function Notice({ icon: Icon, children }: { icon: typeof UserX; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border-2 border-ink-600 bg-ink-850 px-5 py-10 text-center">
      <Icon aria-hidden="true" className="size-10 text-slate-300" />
      <p className="max-w-sm text-lg font-medium text-white">{children}</p>
    </div>
  );
}

type MyServicePageProps = {
  /** The SOS button and the lone-worker switch (their own feature, composed by the route). */
  safety?: (context: { shiftInProgress: boolean }) => ReactNode;
};

/** 'Mon service': the field agent's phone screen — today's shifts, and clocking in and out on site. */
export default function MyServicePage({ safety }: MyServicePageProps = {}) {
  const { user } = useSession();
  const timezone = user?.timezone ?? DEFAULT_TIMEZONE;
  const { data, isPending, isError, error, refetch, isFetching } = useMyService();

  if (isPending) {
    return (
      <div className="flex justify-center py-20">
        <Spinner label={t('Chargement de votre service…')} />
      </div>
    );
  }
  if (isError) {
    return (
      <div className="mx-auto flex max-w-xl flex-col gap-4">
        <h1 className="text-2xl font-bold text-white">{t('Mon service')}</h1>
        <div
          role="alert"
          className="rounded-2xl border-2 border-red-500/60 bg-red-500/10 p-5 text-lg text-red-100"
        >
          {errorMessage(error, t('Impossible de charger votre service'))}
        </div>
        <BigButton onClick={() => refetch()} disabled={isFetching}>
          <RefreshCw aria-hidden="true" />
          {t('Réessayer')}
        </BigButton>
      </div>
    );
  }

  const now = new Date();
  const today = localDay(now, timezone);
  const { agent } = data;
  if (!agent) {
    return (
      <div className="mx-auto flex max-w-xl flex-col gap-6">
        <h1 className="text-2xl font-bold text-white">{t('Mon service')}</h1>
        <Notice icon={UserX}>
          {t("Votre compte n'est lié à aucune fiche agent. Demandez à votre administrateur de la lier.")}
        </Notice>
      </div>
    );
  }

  const shifts = [...data.shifts].sort((a, b) => a.start.localeCompare(b.start));
  const target = actionableShift(shifts);
  const onDuty = agent.status === 'en service' || shifts.some((s) => s.status === 'En cours');

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6" data-testid="my-service">
      <ServiceGreeting
        agent={agent}
        onDuty={onDuty}
        evening={localHour(now, timezone) >= 18}
        todayLabel={longToday(today)}
      />
      <section aria-labelledby="my-shifts-title" className="flex flex-col gap-4">
        <h2 id="my-shifts-title" className="text-lg font-semibold text-slate-100">
          {t('Mes gardes du jour')}
        </h2>
        {shifts.length === 0 ? (
          <Notice icon={CalendarX}>{t("Aucune garde prévue aujourd'hui")}</Notice>
        ) : (
          shifts.map((shift) => (
            <ServiceShiftCard
              key={shift.id}
              shift={shift}
              action={target?.id === shift.id ? target.action : null}
              today={today}
              timezone={timezone}
            />
          ))
        )}
      </section>
      {safety ? (
        <section aria-labelledby="my-safety-title" className="flex flex-col gap-4">
          <h2 id="my-safety-title" className="text-lg font-semibold text-slate-100">
            {t('Sécurité')}
          </h2>
          {safety({ shiftInProgress: shifts.some((s) => s.status === 'En cours') })}
        </section>
      ) : null}
      <p className="text-center text-sm text-slate-300">
        {t('Un problème pour pointer ? Prévenez le poste de contrôle.')}
      </p>
    </div>
  );
}
