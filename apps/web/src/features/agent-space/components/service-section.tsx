import type { MyService } from '@vigie/contract/planning.contract';
import { CalendarX, NotebookPen } from 'lucide-react';
import { ServiceGreeting } from '../../../components/my-service/service-greeting';
import { ServiceShiftCard } from '../../../components/my-service/service-shift-card';
import { t } from '../../../lib/i18n/i18n';
import { localDay, localHour, longToday } from '../../../lib/service-dates';

type Shift = MyService['shifts'][number];

/** The one shift the agent can act on: the running one, else the next one not started. */
export function actionableShift(shifts: Shift[]) {
  const running = shifts.find((s) => s.status === 'En cours');
  if (running) return { shift: running, action: 'out' as const };
  // i18n: not shown (a stored value compared, not a text)
  const next = shifts.find((s) => s.status === 'Programmé');
  return next ? { shift: next, action: 'in' as const } : null;
}

type ServiceSectionProps = {
  agent: NonNullable<MyService['agent']>;
  shifts: Shift[];
  timezone: string;
  /** Writes waiting on the phone: said before the agent clocks out (they still leave afterwards). */
  waiting: number;
  onWriteHandover: () => void;
};

/** « Mon service aujourd'hui »: the day's shifts and the clock buttons of the « Mon service » page. */
export function ServiceSection({ agent, shifts, timezone, waiting, onWriteHandover }: ServiceSectionProps) {
  const now = new Date();
  const today = localDay(now, timezone);
  const target = actionableShift(shifts);
  const onDuty = agent.status === 'en service' || shifts.some((s) => s.status === 'En cours');
  return (
    <section aria-labelledby="agent-service-title" className="flex flex-col gap-4">
      <ServiceGreeting
        agent={agent}
        onDuty={onDuty}
        evening={localHour(now, timezone) >= 18}
        todayLabel={longToday(today)}
      />
      <h2 id="agent-service-title" className="text-lg font-semibold text-slate-100">
        {t("Mon service aujourd'hui")}
      </h2>
      {shifts.length === 0 ? (
        <p className="flex items-center gap-3 rounded-2xl border-2 border-ink-600 bg-ink-850 p-5 text-lg text-white">
          <CalendarX aria-hidden="true" className="size-8 shrink-0 text-slate-300" />
          {t("Aucune garde prévue aujourd'hui")}
        </p>
      ) : (
        shifts.map((shift) => (
          <div key={shift.id} className="flex flex-col gap-3">
            {target?.action === 'out' && target.shift.id === shift.id ? (
              <div className="flex flex-col gap-2 rounded-xl border border-blue-400/50 bg-blue-500/10 p-3">
                <p className="text-base text-blue-50">
                  {t("Avant de terminer votre service, écrivez la relève pour l'agent suivant.")}
                  {waiting > 0
                    ? ` ${t(
                        '{count, plural, one {Une saisie attend le réseau : elle partira même après la fin du service.} other {# saisies attendent le réseau : elles partiront même après la fin du service.}}',
                        { count: waiting },
                      )}`
                    : ''}
                </p>
                <button
                  type="button"
                  onClick={onWriteHandover}
                  className="inline-flex min-h-12 items-center justify-center gap-2 rounded-xl bg-blue-600 px-4 text-base font-bold text-white hover:bg-blue-700"
                >
                  <NotebookPen aria-hidden="true" className="size-5" />
                  {t('Écrire la relève')}
                </button>
              </div>
            ) : null}
            <ServiceShiftCard
              shift={shift}
              action={target?.shift.id === shift.id ? target.action : null}
              today={today}
              timezone={timezone}
            />
          </div>
        ))
      )}
    </section>
  );
}
