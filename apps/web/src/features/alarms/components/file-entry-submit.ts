import type { AppendAlarmFileEntryBody } from '@vigie/contract/alarm-file.contract';
import { useState } from 'react';
import { toast } from 'sonner';
import { splitServerError } from '../../../lib/field-errors';
import { t } from '../../../lib/i18n/i18n';
import { useAppendFileEntry } from '../api/alarm-file';

/**
 * Sends one entry of the alarm's file; the server's field errors land on the form's fields (by body
 * name), the others in a toast. Answers whether it was written.
 */
export function useEntrySubmit<F extends string>(alarmId: string, fields: readonly F[], success: string) {
  const append = useAppendFileEntry(alarmId);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const submit = async (body: AppendAlarmFileEntryBody) => {
    setErrors({});
    try {
      await append.mutateAsync(body);
      toast.success(success);
      return true;
    } catch (error) {
      const { onFields, rest } = splitServerError(error, fields, t("Impossible d'enregistrer l'entrée"));
      setErrors(Object.fromEntries(onFields.map((e) => [e.field, e.message])) as Partial<Record<F, string>>);
      if (rest) toast.error(t('Erreur'), { description: rest });
      return false;
    }
  };
  const clear = (field: F) => setErrors((e) => ({ ...e, [field]: undefined }));
  return { submit, errors, setErrors, clear, pending: append.isPending };
}

/** A datetime-local value (the browser's time) as ISO, or undefined when empty. */
export const isoOfLocal = (value: string) => (value ? new Date(value).toISOString() : undefined);

/** Now as a datetime-local value in the browser's time. */
export function localNow(offsetMs = 0) {
  const d = new Date(Date.now() + offsetMs);
  d.setSeconds(0, 0);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}
