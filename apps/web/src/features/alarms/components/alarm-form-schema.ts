// French zod messages: set before this form's schema validates anything.
import '@vigie/contract/locale';
import {
  alarmSeverities,
  alarmSeverityLabels,
  alarmTypeLabels,
  createAlarmBody,
  userAlarmTypes,
} from '@vigie/contract/alarms.contract';
import type { z } from 'zod';

export const alarmFormSchema = createAlarmBody.omit({ cameraId: true });

export type AlarmFormValues = z.input<typeof alarmFormSchema>;
export type AlarmFormOutput = z.output<typeof alarmFormSchema>;

/** A new alarm: type intrusion and severity medium by default. */
export const emptyAlarmForm = (siteId = ''): AlarmFormValues => ({
  siteId,
  type: 'intrusion',
  severity: 'medium',
  title: '',
  description: '',
  location: '',
  triggeredBy: '',
});

export const alarmTypeOptions = userAlarmTypes.map((value) => ({ value, label: alarmTypeLabels[value] }));
export const alarmSeverityOptions = alarmSeverities.map((value) => ({
  value,
  label: alarmSeverityLabels[value],
}));
