import { fileDuration } from '@vigie/contract/alarm-file-text';
import type { AlarmTimes } from '@vigie/contract/reports.contract';
import { useState } from 'react';
import { Card } from '../../../components/ui/card';
import { msg, t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';

type Row = AlarmTimes['overall'];
const columns: [keyof Row, string][] = [
  ['receivedToShown', msg('Réception → affichage')],
  ['receivedToTaken', msg('Réception → prise en charge')],
  ['takenToDecision', msg('Prise en charge → décision')],
  ['decisionToClosed', msg('Décision → clôture')],
  ['receivedToClosed', msg('Durée totale')],
];

/** The alarms' handling times of the period (averages from their files), per site or per operator. */
export function AlarmTimesCard({ times }: { times: AlarmTimes }) {
  const [by, setBy] = useState<'bySite' | 'byOperator'>('byOperator');
  const rows = [times.overall, ...times[by]];
  return (
    <Card className="flex flex-col gap-4 p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-white">{t('Délais de traitement des alarmes')}</h2>
          <p className="text-sm text-fg-muted">
            {t("Moyennes de la période, d'après les dossiers des alarmes.")}
          </p>
        </div>
        <fieldset className="flex gap-1 rounded-lg border border-ink-700 p-1">
          <legend className="sr-only">{t('Regrouper par')}</legend>
          {(
            [
              ['byOperator', t('Par opérateur')],
              ['bySite', t('Par site')],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className={cn(
                'cursor-pointer rounded-md px-3 py-1.5 text-sm',
                by === value ? 'bg-accent text-white' : 'text-fg-muted',
              )}
            >
              <input
                type="radio"
                name="alarm-times-by"
                value={value}
                checked={by === value}
                onChange={() => setBy(value)}
                className="sr-only"
              />
              {label}
            </label>
          ))}
        </fieldset>
      </div>
      <section
        aria-label={by === 'bySite' ? t('Délais par site') : t('Délais par opérateur')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
        tabIndex={0}
        className="overflow-x-auto"
      >
        <table className="w-full min-w-[640px] text-sm">
          <thead>
            <tr className="text-left text-xs text-fg-muted">
              <th scope="col" className="py-2 pr-3 font-medium">
                {by === 'bySite' ? t('Site') : t('Opérateur')}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                {t('Alarmes')}
              </th>
              {columns.map(([, label]) => (
                <th key={label} scope="col" className="py-2 pr-3 text-right font-medium">
                  {t(label)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr
                key={`${r.label}-${r.siteId ?? i}`}
                className={cn('border-t border-ink-700', i === 0 && 'font-semibold')}
              >
                <th scope="row" className="py-2 pr-3 text-left font-normal text-white">
                  {/* The first row is the whole period, labelled by the server in French. */}
                  {i === 0 ? t('Toutes les alarmes') : r.label}
                </th>
                <td className="py-2 pr-3 text-right tabular-nums text-slate-200">{r.alarms}</td>
                {columns.map(([key]) => (
                  <td key={key} className="py-2 pr-3 text-right tabular-nums text-slate-200">
                    {fileDuration(r[key] as number | null, t)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </Card>
  );
}
