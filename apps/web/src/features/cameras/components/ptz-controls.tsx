import { type PtzDirection, ptzDirectionLabels } from '@vigie/contract/camera-ptz.contract';
import type { Camera } from '@vigie/contract/cameras.contract';
import {
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  ChevronUp,
  type LucideIcon,
  ZoomIn,
  ZoomOut,
} from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { NativeSelect } from '../../../components/ui/native-select';
import { errorMessage } from '../../../lib/api-errors';
import { msg, t } from '../../../lib/i18n/i18n';
import { useSession } from '../../../lib/session';
import { cn } from '../../../lib/utils';
import { useGotoPtzPreset, useMovePtz, usePtzPresets } from '../api/ptz';
import { isOnline } from './camera-status';

const icons: Record<PtzDirection, LucideIcon> = {
  left: ChevronLeft,
  right: ChevronRight,
  up: ChevronUp,
  down: ChevronDown,
  zoom_in: ZoomIn,
  zoom_out: ZoomOut,
};

/** The pad's cells, row by row (null: an empty cell). */
const pad: (PtzDirection | null)[] = [null, 'up', null, 'left', null, 'right', null, 'down', null];

/** Why the camera cannot be turned from here, or null. */
function reasonOf(camera: Camera, role: string | undefined): string | null {
  if (!camera.onvifUrl) return msg('Adresse ONVIF non configurée');
  if (!isOnline(camera)) return msg('Caméra hors ligne');
  // The server refuses agents too (403): the pad says so before they try.
  if (role === 'agent') return msg('Les agents ne peuvent pas orienter les caméras');
  return null;
}

/**
 * Pan, tilt and zoom of a PTZ camera through ONVIF (the server speaks to the camera), and its
 * presets. Renders nothing for a fixed camera.
 */
export function PtzControls({ camera, className }: { camera: Camera; className?: string }) {
  const { user } = useSession();
  const reason = reasonOf(camera, user?.role);
  const move = useMovePtz();
  const goto = useGotoPtzPreset();
  const presets = usePtzPresets(camera.id, camera.type === 'ptz' && reason === null);
  const [preset, setPreset] = useState('');
  const ids = useId();
  if (camera.type !== 'ptz') return null;

  const disabled = reason !== null;
  const busy = move.isPending || goto.isPending;
  const failed = (error: unknown, fallback: string) =>
    toast.error(t('Commande PTZ impossible'), { description: errorMessage(error, fallback) });
  const onMove = (direction: PtzDirection) =>
    move.mutate(
      { id: camera.id, body: { direction } },
      { onError: (e) => failed(e, t("La caméra n'a pas bougé")) },
    );
  const onGoto = () => {
    if (!preset) return;
    goto.mutate(
      { id: camera.id, token: preset },
      { onError: (e) => failed(e, t("La caméra n'a pas rejoint le préréglage")) },
    );
  };
  const options = [
    { value: '', label: presets.isPending && !disabled ? t('Chargement…') : t('Choisir un préréglage') },
    ...(presets.data ?? []).map((p) => ({ value: p.token, label: p.name })),
  ];
  const directionButton = (direction: PtzDirection) => {
    const Icon = icons[direction];
    return (
      <Button
        key={direction}
        variant="secondary"
        size="sm"
        className="size-9 px-0"
        aria-label={t(ptzDirectionLabels[direction])}
        title={t(ptzDirectionLabels[direction])}
        disabled={busy}
        onClick={() => onMove(direction)}
      >
        <Icon aria-hidden />
      </Button>
    );
  };

  return (
    // A disabled fieldset disables every control in it; its title says why on hover.
    <fieldset
      disabled={disabled}
      title={reason ? t(reason) : undefined}
      aria-describedby={reason ? `${ids}-reason` : undefined}
      className={cn('flex flex-wrap items-end gap-4', disabled && 'opacity-60', className)}
      data-testid="ptz-controls"
    >
      <legend className="sr-only">{t('Commande PTZ')}</legend>
      {reason ? (
        <span id={`${ids}-reason`} className="sr-only">
          {t(reason)}
        </span>
      ) : null}
      <div className="grid grid-cols-3 gap-1">
        {pad.map((cell, i) =>
          // biome-ignore lint/suspicious/noArrayIndexKey: the pad's empty cells are fixed positions.
          cell ? directionButton(cell) : <span key={i} aria-hidden="true" className="size-9" />,
        )}
      </div>
      <div className="flex flex-col gap-1">
        {directionButton('zoom_in')}
        {directionButton('zoom_out')}
      </div>
      <div className="flex min-w-48 flex-1 flex-col gap-1.5">
        <label htmlFor={`${ids}-preset`} className="text-sm font-medium text-slate-200">
          {t('Préréglages')}
        </label>
        <div className="flex gap-2">
          <NativeSelect
            id={`${ids}-preset`}
            options={options}
            value={preset}
            onChange={(e) => setPreset(e.target.value)}
            aria-describedby={presets.isError ? `${ids}-preset-error` : undefined}
          />
          <Button variant="secondary" disabled={!preset || busy} onClick={onGoto}>
            {t('Aller')}
          </Button>
        </div>
        {presets.isError ? (
          <p id={`${ids}-preset-error`} className="text-xs text-red-300">
            {errorMessage(presets.error, t('Préréglages indisponibles'))}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
