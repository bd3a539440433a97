import type { Alarm } from '@vigie/contract/alarms.contract';
import { CheckCheck, CircleCheck, MessageSquarePlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { errorMessage } from '../../../lib/api-errors';
import { focusFirstField, splitServerError } from '../../../lib/field-errors';
import { t } from '../../../lib/i18n/i18n';
import { useAcknowledgeAlarm } from '../api/acknowledge-alarm';
import { useAlarmFile } from '../api/alarm-file';
import { useCommentAlarm } from '../api/comment-alarm';
import { useResolveAlarm } from '../api/resolve-alarm';
import { DecisionFields } from './decision-form';

type AlarmActionsProps = {
  alarm: Alarm;
  /** Operators and administrators; the server refuses acknowledging and resolving to agents. */
  canManage: boolean;
  onChanged?: () => void;
};

/** Acquitter, Résoudre (with a note) and comments: each calls the server. */
export function AlarmActions({ alarm, canManage, onChanged }: AlarmActionsProps) {
  const acknowledge = useAcknowledgeAlarm();
  const resolve = useResolveAlarm();
  const comment = useCommentAlarm();
  const [resolving, setResolving] = useState(false);
  const [note, setNote] = useState('');
  const [text, setText] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  // Resolving needs the verification's decision: asked here when the file has none yet (an alarm the
  // site's instructions call active needs none).
  const file = useAlarmFile(alarm.id, canManage && alarm.status !== 'resolved');
  const needsDecision = file.data ? !file.data.decision && file.data.response === 'passive' : false;
  const [outcome, setOutcome] = useState<'positive' | 'negative' | 'impossible' | ''>('');
  const [reason, setReason] = useState('');
  const [decisionErrors, setDecisionErrors] = useState<{ outcome?: string; reason?: string }>({});
  const [textError, setTextError] = useState<string | null>(null);

  const onAcknowledge = async () => {
    try {
      await acknowledge.mutateAsync(alarm.id);
      toast.success(t('Alarme acquittée'), { description: alarm.title });
      onChanged?.();
    } catch (error) {
      toast.error(t('Erreur'), { description: errorMessage(error, t("Impossible d'acquitter l'alarme")) });
    }
  };

  const onResolve = async (event: FormEvent) => {
    event.preventDefault();
    const missing = {
      outcome: needsDecision && !outcome ? t('Choisissez la décision de levée de doute') : undefined,
      reason: needsDecision && !reason.trim() ? t('Le motif de la décision est obligatoire') : undefined,
    };
    setDecisionErrors(missing);
    if (!note.trim()) setNoteError(t('La note de résolution est obligatoire'));
    if (!note.trim() || missing.outcome || missing.reason) return;
    try {
      await resolve.mutateAsync({
        id: alarm.id,
        note: note.trim(),
        decision: needsDecision && outcome ? { outcome, reason: reason.trim() } : undefined,
      });
      toast.success(t('Alarme résolue'), { description: alarm.title });
      setResolving(false);
      setNote('');
      onChanged?.();
    } catch (error) {
      const { onFields, rest } = splitServerError(
        error,
        { note: 'note', 'decision.outcome': 'outcome', 'decision.reason': 'reason' },
        t("Impossible de résoudre l'alarme"),
      );
      for (const e of onFields) {
        if (e.field === 'note') setNoteError(e.message);
        else setDecisionErrors((d) => ({ ...d, [e.field]: e.message }));
      }
      if (onFields[0]) focusFirstField(['alarm-resolution-note']);
      if (rest) toast.error(t('Erreur'), { description: rest });
    }
  };

  const onComment = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setTextError(t('Le commentaire est obligatoire'));
      return;
    }
    try {
      await comment.mutateAsync({ id: alarm.id, text: text.trim() });
      toast.success(t('Commentaire ajouté'));
      setText('');
    } catch (error) {
      const { onFields, rest } = splitServerError(error, ['text'], t("Impossible d'ajouter le commentaire"));
      if (onFields[0]) {
        setTextError(onFields[0].message);
        focusFirstField(['alarm-comment']);
      }
      if (rest) toast.error(t('Erreur'), { description: rest });
    }
  };

  return (
    <div className="flex flex-col gap-4">
      {canManage && alarm.status !== 'resolved' ? (
        <div className="flex flex-wrap gap-2">
          {alarm.status === 'active' ? (
            <Button onClick={() => void onAcknowledge()} disabled={acknowledge.isPending}>
              <CheckCheck aria-hidden="true" />
              {acknowledge.isPending ? t('Acquittement...') : t('Acquitter')}
            </Button>
          ) : null}
          {resolving ? null : (
            <Button variant="secondary" onClick={() => setResolving(true)}>
              <CircleCheck aria-hidden="true" />
              {t('Résoudre')}
            </Button>
          )}
        </div>
      ) : null}
      {canManage && resolving && alarm.status !== 'resolved' ? (
        <form
          onSubmit={onResolve}
          noValidate
          className="flex flex-col gap-2 rounded-lg border border-ink-700 p-3"
        >
          {needsDecision ? (
            <DecisionFields
              idPrefix="alarm-resolution-decision"
              outcome={outcome}
              reason={reason}
              onOutcome={(o) => {
                setOutcome(o);
                setDecisionErrors((d) => ({ ...d, outcome: undefined }));
              }}
              onReason={(r) => {
                setReason(r);
                setDecisionErrors((d) => ({ ...d, reason: undefined }));
              }}
              errors={decisionErrors}
            />
          ) : null}
          <Label htmlFor="alarm-resolution-note">{t('Note de résolution')}</Label>
          <Textarea
            id="alarm-resolution-note"
            rows={3}
            value={note}
            placeholder={t('Ex. Levée de doute effectuée, fausse alarme')}
            aria-invalid={noteError ? true : undefined}
            aria-describedby={noteError ? 'alarm-resolution-note-error' : undefined}
            onChange={(event) => {
              setNote(event.target.value);
              setNoteError(null);
            }}
          />
          {noteError ? (
            <p id="alarm-resolution-note-error" role="alert" className="text-xs text-red-300">
              {noteError}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" size="sm" onClick={() => setResolving(false)}>
              {t('Annuler')}
            </Button>
            <Button type="submit" size="sm" disabled={resolve.isPending}>
              {resolve.isPending ? t('Résolution...') : t('Confirmer la résolution')}
            </Button>
          </div>
        </form>
      ) : null}
      <form onSubmit={onComment} noValidate className="flex flex-col gap-2">
        <Label htmlFor="alarm-comment">{t('Commentaire')}</Label>
        <Textarea
          id="alarm-comment"
          rows={2}
          value={text}
          placeholder={t('Ex. Patrouille envoyée sur place')}
          aria-invalid={textError ? true : undefined}
          aria-describedby={textError ? 'alarm-comment-error' : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setTextError(null);
          }}
        />
        {textError ? (
          <p id="alarm-comment-error" role="alert" className="text-xs text-red-300">
            {textError}
          </p>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" variant="outline" size="sm" disabled={comment.isPending}>
            <MessageSquarePlus aria-hidden="true" />
            {t('Ajouter un commentaire')}
          </Button>
        </div>
      </form>
    </div>
  );
}
