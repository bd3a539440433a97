import { type AlarmType, alarmTypeLabels, alarmTypes } from '@vigie/contract/alarms.contract';
import {
  type AlarmResponseMode,
  alarmResponseModeLabels,
  alarmResponseModes,
} from '@vigie/contract/site-instructions.contract';
import type { UseFormRegister } from 'react-hook-form';
import { Badge } from '../../../components/ui/badge';
import { NativeSelect } from '../../../components/ui/native-select';
import { t } from '../../../lib/i18n/i18n';
import type { InstructionsFormValues } from './instructions-form-schema';

/** Which alarm types go straight to the authorities (active) and which need a verification (passive). */
export function AlarmResponsesView({ responses }: { responses: Record<AlarmType, AlarmResponseMode> }) {
  return (
    <ul className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
      {alarmTypes.map((type) => (
        <li key={type} className="flex items-center justify-between gap-2 text-sm text-slate-200">
          <span>{t(alarmTypeLabels[type])}</span>
          {responses[type] === 'active' ? (
            <Badge tone="danger" className="shrink-0 whitespace-nowrap">
              {t('Active')}
            </Badge>
          ) : (
            <Badge tone="neutral" className="shrink-0 whitespace-nowrap">
              {t('Levée de doute')}
            </Badge>
          )}
        </li>
      ))}
    </ul>
  );
}

export function AlarmResponsesFields({ register }: { register: UseFormRegister<InstructionsFormValues> }) {
  const modeOptions = alarmResponseModes.map((m) => ({ value: m, label: t(alarmResponseModeLabels[m]) }));
  return (
    <div className="grid gap-x-4 gap-y-3 sm:grid-cols-2">
      {alarmTypes.map((type) => (
        <div key={type} className="flex flex-col gap-1.5">
          <label htmlFor={`response-${type}`} className="text-sm font-medium text-fg">
            {t(alarmTypeLabels[type])}
          </label>
          <NativeSelect
            id={`response-${type}`}
            options={modeOptions}
            {...register(`alarmResponses.${type}`)}
          />
        </div>
      ))}
    </div>
  );
}
