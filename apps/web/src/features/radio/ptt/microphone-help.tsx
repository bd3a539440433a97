import { MicOff } from 'lucide-react';
import { t } from '../../../lib/i18n/i18n';

/**
 * Why the microphone is needed and how to allow it (after a refusal or without a microphone): one of
 * microphoneHelp's French messages, in the user's language.
 */
export function MicrophoneHelp({ text }: { text: string }) {
  return (
    <div
      role="alert"
      className="flex gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-100"
    >
      <MicOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>{t(text)}</p>
    </div>
  );
}
