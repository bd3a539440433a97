// The agent's intervention, as his phone shows it when it rings: the site, the alarm, the site's
// instructions, and one big button per step — Accepter / Refuser (with a reason), « En route »,
// « Sur place » (the phone's position, or a checkpoint scanned), « Terminer » with the report.
import type { InterventionDetail } from '@vigie/contract/interventions.contract';
import { maxLogbookPhotoBytes, maxLogbookPhotos } from '@vigie/contract/logbook.contract';
import { BellRing, Check, CheckCheck, MapPin, Navigation, ScanLine, X } from 'lucide-react';
import { useState } from 'react';
import { formatClock, stateLabel } from '../../../components/interventions/intervention-format';
import { type AgentStep, useAgentStep } from '../../../components/interventions/interventions-api';
import { useNow } from '../../../components/interventions/use-now';
import { errorMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n/i18n';
import { phonePosition } from '../intervention-position';
import { PhotoPicker } from './photo-picker';

const big =
  'flex min-h-14 w-full items-center justify-center gap-2 rounded-xl px-4 text-lg font-semibold disabled:opacity-60 [&_svg]:size-6';

function StepButton({
  onClick,
  disabled,
  tone = 'primary',
  children,
}: {
  onClick: () => void;
  disabled?: boolean;
  tone?: 'primary' | 'success' | 'danger' | 'neutral';
  children: React.ReactNode;
}) {
  const tones = {
    primary: 'bg-blue-600 text-white hover:bg-blue-500',
    success: 'bg-emerald-700 text-white hover:bg-emerald-600',
    danger: 'border-2 border-red-400/70 bg-transparent text-red-100 hover:bg-red-500/10',
    neutral: 'border-2 border-ink-600 bg-transparent text-white hover:bg-ink-800',
  };
  return (
    <button type="button" className={`${big} ${tones[tone]}`} onClick={onClick} disabled={disabled}>
      {children}
    </button>
  );
}

export function InterventionCard({ intervention }: { intervention: InterventionDetail }) {
  const i = intervention;
  const now = useNow();
  const step = useAgentStep(i.id);
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [closing, setClosing] = useState(false);
  const [report, setReport] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [locating, setLocating] = useState(false);

  const send = async (make: (position: Awaited<ReturnType<typeof phonePosition>>) => AgentStep) => {
    setLocating(true);
    const position = await phonePosition();
    setLocating(false);
    step.mutate(make(position));
  };
  const busy = step.isPending || locating;
  const left = i.acceptDueAt ? Date.parse(i.acceptDueAt) - now : null;

  return (
    <section
      aria-labelledby="intervention-title"
      className="flex flex-col gap-4 rounded-2xl border-2 border-amber-400/80 bg-amber-500/10 p-4"
      data-testid="intervention-card"
    >
      <h2 id="intervention-title" className="flex items-center gap-2 text-xl font-bold text-white">
        <BellRing aria-hidden="true" className="size-6 text-amber-300" />
        {t('Intervention — {state}', { state: stateLabel(i.state) })}
      </h2>
      <div className="flex flex-col gap-1 text-base text-white">
        <p className="flex items-start gap-2 text-lg font-semibold">
          <MapPin aria-hidden="true" className="mt-1 size-5 shrink-0 text-amber-300" />
          <span>
            {i.siteName}
            {i.siteAddress ? (
              <span className="block text-base font-normal text-slate-200">{i.siteAddress}</span>
            ) : null}
          </span>
        </p>
        {i.alarmTitle ? <p>{t('Alarme : {title}', { title: i.alarmTitle })}</p> : null}
        {i.note ? (
          <p className="text-slate-200">{t('Note du centre de contrôle : {note}', { note: i.note })}</p>
        ) : null}
        {i.state === 'proposed' && left !== null ? (
          <p className="tabular-nums text-amber-100">
            {left > 0
              ? t('Répondez dans {time}', { time: formatClock(left) })
              : t('Délai de réponse dépassé')}
          </p>
        ) : null}
        {(i.state === 'accepted' || i.state === 'en_route') && i.acceptedAt ? (
          <p className="tabular-nums text-slate-200">
            {t('Objectif : sur place en {minutes} min (acceptée il y a {elapsed})', {
              minutes: i.arriveMinutes,
              elapsed: formatClock(now - Date.parse(i.acceptedAt)),
            })}
          </p>
        ) : null}
      </div>
      {i.instructions.length > 0 ? (
        <div className="flex flex-col gap-1">
          <h3 className="text-base font-semibold text-white">{t('Consignes du site')}</h3>
          <ol className="list-decimal space-y-1 pl-6 text-base text-slate-100">
            {i.instructions.map((text, n) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the instructions' order is their identity here
              <li key={n}>{text}</li>
            ))}
          </ol>
        </div>
      ) : null}

      {i.state === 'proposed' && !refusing ? (
        <div className="grid grid-cols-2 gap-3">
          <StepButton
            tone="success"
            disabled={busy}
            onClick={() => send((position) => ({ kind: 'accept', position }))}
          >
            <Check aria-hidden="true" />
            {t('Accepter')}
          </StepButton>
          <StepButton tone="danger" disabled={busy} onClick={() => setRefusing(true)}>
            <X aria-hidden="true" />
            {t('Refuser')}
          </StepButton>
        </div>
      ) : null}
      {i.state === 'proposed' && refusing ? (
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (reason.trim()) void send((position) => ({ kind: 'refuse', reason: reason.trim(), position }));
          }}
        >
          <label htmlFor="refusal-reason" className="text-base font-medium text-white">
            {t('Motif du refus')}
          </label>
          <textarea
            id="refusal-reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={300}
            rows={2}
            required
            className="rounded-xl border-2 border-ink-600 bg-ink-900 p-3 text-base text-white"
          />
          <div className="grid grid-cols-2 gap-3">
            <StepButton tone="neutral" onClick={() => setRefusing(false)}>
              {t('Retour')}
            </StepButton>
            <button
              type="submit"
              className={`${big} bg-red-700 text-white hover:bg-red-600`}
              disabled={busy || !reason.trim()}
            >
              {t('Refuser')}
            </button>
          </div>
        </form>
      ) : null}
      {i.state === 'accepted' ? (
        <StepButton disabled={busy} onClick={() => send((position) => ({ kind: 'en_route', position }))}>
          <Navigation aria-hidden="true" />
          {t('En route')}
        </StepButton>
      ) : null}
      {i.state === 'accepted' || i.state === 'en_route' ? (
        <div className="flex flex-col gap-3">
          <StepButton
            tone="success"
            disabled={busy}
            onClick={() => send((position) => ({ kind: 'on_site', position, checkpoint: false }))}
          >
            <MapPin aria-hidden="true" />
            {t('Sur place')}
          </StepButton>
          <StepButton
            tone="neutral"
            disabled={busy}
            onClick={() => send((position) => ({ kind: 'on_site', position, checkpoint: true }))}
          >
            <ScanLine aria-hidden="true" />
            {t("Sur place : j'ai scanné un point de contrôle")}
          </StepButton>
        </div>
      ) : null}
      {i.state === 'on_site' && !closing ? (
        <StepButton tone="success" onClick={() => setClosing(true)}>
          <CheckCheck aria-hidden="true" />
          {t('Terminer')}
        </StepButton>
      ) : null}
      {i.state === 'on_site' && closing ? (
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (report.trim())
              void send((position) => ({ kind: 'finish', report: report.trim(), photos, position }));
          }}
        >
          <label htmlFor="intervention-report" className="text-base font-medium text-white">
            {t("Compte rendu (main courante du site et dossier de l'alarme)")}
          </label>
          <textarea
            id="intervention-report"
            value={report}
            onChange={(e) => setReport(e.target.value)}
            maxLength={2000}
            rows={4}
            required
            className="rounded-xl border-2 border-ink-600 bg-ink-900 p-3 text-base text-white"
          />
          <PhotoPicker
            photos={photos}
            onChange={setPhotos}
            max={maxLogbookPhotos}
            maxBytes={maxLogbookPhotoBytes}
            label={t('Ajouter une photo')}
          />
          <button
            type="submit"
            className={`${big} bg-emerald-700 text-white hover:bg-emerald-600`}
            disabled={busy || !report.trim()}
          >
            <CheckCheck aria-hidden="true" />
            {t('Envoyer et terminer')}
          </button>
        </form>
      ) : null}
      {locating ? <p className="text-base text-slate-200">{t('Position du téléphone…')}</p> : null}
      {step.isError ? (
        <p
          role="alert"
          className="rounded-xl border-2 border-red-500/60 bg-red-500/10 p-3 text-base text-red-100"
        >
          {errorMessage(step.error)}
        </p>
      ) : null}
    </section>
  );
}
