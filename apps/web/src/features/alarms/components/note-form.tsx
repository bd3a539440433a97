import { type AlarmFileEntry, alarmFileEntryKindLabels } from '@vigie/contract/alarm-file.contract';
import { NotebookPen } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { t } from '../../../lib/i18n/i18n';
import { useEntrySubmit } from './file-entry-submit';

const NOTE = 'note';

/** A note, or an amendment of an earlier entry (a new entry that names the one it corrects). */
export function NoteForm({ alarmId, entries }: { alarmId: string; entries: AlarmFileEntry[] }) {
  const [target, setTarget] = useState(NOTE);
  const [text, setText] = useState('');
  const { submit, errors, setErrors, clear, pending } = useEntrySubmit(
    alarmId,
    ['text', 'amendsEntryId'] as const,
    target === NOTE ? t('Note ajoutée au dossier') : t('Rectification ajoutée au dossier'),
  );
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setErrors({
        text: target === NOTE ? t('La note est obligatoire') : t('La rectification est obligatoire'),
      });
      return;
    }
    const ok = await submit(
      target === NOTE
        ? { kind: 'note', text: text.trim() }
        : { kind: 'amendment', amendsEntryId: target, text: text.trim() },
    );
    if (ok) {
      setText('');
      setTarget(NOTE);
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      <FormField id="file-note-target" label={t('Type')} error={errors.amendsEntryId}>
        <NativeSelect
          id="file-note-target"
          value={target}
          onChange={(e) => setTarget(e.target.value)}
          options={[
            { value: NOTE, label: t('Note') },
            ...entries
              .filter((e) => e.kind !== 'amendment')
              .map((e) => ({
                value: e.id,
                label: t("Rectifier l'entrée n° {number} ({kind})", {
                  number: e.number,
                  kind: t(alarmFileEntryKindLabels[e.kind]),
                }),
              })),
          ]}
        />
      </FormField>
      <FormField
        id="file-note-text"
        label={target === NOTE ? t('Note') : t('Rectification')}
        error={errors.text}
        required
      >
        <Textarea
          id="file-note-text"
          rows={2}
          value={text}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={errors.text ? 'file-note-text-error' : undefined}
          onChange={(e) => {
            setText(e.target.value);
            clear('text');
          }}
        />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={pending}>
          <NotebookPen aria-hidden="true" />
          {target === NOTE ? t('Ajouter la note') : t('Ajouter la rectification')}
        </Button>
      </div>
    </form>
  );
}
