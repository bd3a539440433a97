import { type AlarmType, alarmTypeLabels, alarmTypes } from '@vigie/contract/alarms.contract';
import {
  type AlarmResponseMode,
  alarmResponseModeLabels,
  alarmResponseModes,
} from '@vigie/contract/site-instructions.contract';
import type { UseFormRegister } from 'react-hook-form';
import { Badge } from '../../../components/ui/badge';
import { NativeSelect } from '../../../components/ui/native-select';
import type { InstructionsFormValues } from './instructions-form-schema';

const modeOptions = alarmResponseModes.map((m) => ({ value: m, label: alarmResponseModeLabels[m] }));

/** Which alarm types go straight to the authorities (active) and which need a verification (passive). */
export function AlarmResponsesView({ responses }: { responses: Record<AlarmType, AlarmResponseMode> }) {
  return (
    <ul className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
      {alarmTypes.map((t) => (
        <li key={t} className="flex items-center justify-between gap-2 text-sm text-slate-200">
          <span>{alarmTypeLabels[t]}</span>
          {responses[t] === 'active' ? (
            <Badge tone="danger" className="shrink-0 whitespace-nowrap">
              Active
            </Badge>
          ) : (
            <Badge tone="neutral" className="shrink-0 whitespace-nowrap">
              Levée de doute
            </Badge>
          )}
        </li>
      ))}
    </ul>
  );
}

export function AlarmResponsesFields({ register }: { register: UseFormRegister<InstructionsFormValues> }) {
  return (
    <div className="grid gap-x-4 gap-y-3 sm:grid-cols-2">
      {alarmTypes.map((t) => (
        <div key={t} className="flex flex-col gap-1.5">
          <label htmlFor={`response-${t}`} className="text-sm font-medium text-fg">
            {alarmTypeLabels[t]}
          </label>
          <NativeSelect id={`response-${t}`} options={modeOptions} {...register(`alarmResponses.${t}`)} />
        </div>
      ))}
    </div>
  );
}
