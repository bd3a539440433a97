import { Eraser } from 'lucide-react';
import { useEffect, useImperativeHandle, useRef, useState } from 'react';
import type SignaturePad from 'signature_pad';
import { t } from '../lib/i18n/i18n';
import { Button } from './ui/button';

export interface SignatureHandle {
  /** The drawing as a PNG data URL, or null when nothing was drawn (then nothing is sent). */
  value(): string | null;
  clear(): void;
}

type SignatureFieldProps = {
  id: string;
  ref?: React.Ref<SignatureHandle>;
  onChange?: (drawn: boolean) => void;
};

/**
 * The responsible's signature, drawn with the finger, a pen or the mouse (signature_pad, loaded with
 * this screen only). The canvas is sized to its box at the screen's pixel density, so strokes stay
 * sharp on a phone.
 */
export function SignatureField({ id, ref, onChange }: SignatureFieldProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let resize: (() => void) | undefined;
    void import('signature_pad').then(({ default: Pad }) => {
      const el = canvas.current;
      if (cancelled || !el) return;
      const instance = new Pad(el, { penColor: '#0f172a', minWidth: 0.8, maxWidth: 2.6 });
      resize = () => {
        const ratio = Math.max(window.devicePixelRatio || 1, 1);
        const data = instance.toData();
        el.width = el.offsetWidth * ratio;
        el.height = el.offsetHeight * ratio;
        el.getContext('2d')?.scale(ratio, ratio);
        instance.clear();
        instance.fromData(data);
      };
      resize();
      window.addEventListener('resize', resize);
      instance.addEventListener('endStroke', () => {
        setDrawn(true);
        onChange?.(true);
      });
      pad.current = instance;
    });
    return () => {
      cancelled = true;
      if (resize) window.removeEventListener('resize', resize);
      pad.current?.off();
      pad.current = null;
    };
  }, [onChange]);

  const clear = () => {
    pad.current?.clear();
    setDrawn(false);
    onChange?.(false);
  };

  useImperativeHandle(ref, () => ({
    value: () => (pad.current && !pad.current.isEmpty() ? pad.current.toDataURL('image/png') : null),
    clear,
  }));

  return (
    <div className="flex flex-col gap-2">
      <canvas
        id={id}
        ref={canvas}
        aria-label={t('Zone de signature : dessinez votre signature')}
        className="h-40 w-full touch-none rounded-lg border border-ink-600 bg-white"
      />
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs text-fg-muted">
          {drawn ? t('Signature dessinée') : t('Signez dans le cadre avec le doigt, un stylet ou la souris.')}
        </p>
        <Button type="button" variant="outline" size="sm" onClick={clear} disabled={!drawn}>
          <Eraser aria-hidden="true" />
          {t('Effacer')}
        </Button>
      </div>
    </div>
  );
}
