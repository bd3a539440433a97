import { Video } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { useAlarmRecordings } from '../../../components/video/recordings-api';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { useSiteCameras } from '../api/alarm-file';
import { isoOfLocal, useEntrySubmit } from './file-entry-submit';

const PERIOD = 'periode';

/** A datetime-local value of an instant, in the browser's time. */
const localOf = (at: number) => {
  const d = new Date(at);
  d.setSeconds(0, 0);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** « Vidéo consultée »: the camera, and the period watched or one of the alarm's clips. */
export function VideoEntryForm({
  alarmId,
  siteId,
  alarmAt,
  timezone,
}: {
  alarmId: string;
  siteId: string;
  alarmAt: string;
  timezone?: string;
}) {
  const cameras = useSiteCameras(siteId, true);
  const clips = useAlarmRecordings(alarmId);
  const [cameraId, setCameraId] = useState('');
  const [source, setSource] = useState(PERIOD);
  const [from, setFrom] = useState(localOf(Date.parse(alarmAt) - 60_000));
  const [to, setTo] = useState(localOf(Date.now() + 60_000));
  const [remark, setRemark] = useState('');
  const { submit, errors, clear, pending } = useEntrySubmit(
    alarmId,
    ['cameraId', 'from', 'to', 'recordingId', 'remark'] as const,
    t('Vidéo consultée consignée'),
  );
  const list = cameras.data ?? [];
  const camera = cameraId || list[0]?.id || '';
  const ofCamera = (clips.data ?? []).filter((r) => r.cameraId === camera && r.state === 'ready');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const ok = await submit({
      kind: 'video_viewed',
      cameraId: camera,
      ...(source === PERIOD ? { from: isoOfLocal(from), to: isoOfLocal(to) } : { recordingId: source }),
      remark: remark.trim() || null,
    });
    if (ok) setRemark('');
  };

  if (cameras.isSuccess && list.length === 0)
    return <p className="text-sm text-fg-muted">{t('Aucune caméra sur ce site.')}</p>;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="file-video-camera" label={t('Caméra')} error={errors.cameraId}>
          <NativeSelect
            id="file-video-camera"
            value={camera}
            onChange={(e) => {
              setCameraId(e.target.value);
              setSource(PERIOD);
              clear('cameraId');
            }}
            options={list.map((c) => ({ value: c.id, label: c.name }))}
          />
        </FormField>
        <FormField id="file-video-source" label={t('Images consultées')} error={errors.recordingId}>
          <NativeSelect
            id="file-video-source"
            value={source}
            onChange={(e) => setSource(e.target.value)}
            options={[
              { value: PERIOD, label: t('Une période (direct ou enregistrement)') },
              ...ofCamera.map((r) => ({
                value: r.id,
                label:
                  r.kind === 'clip'
                    ? t('Clip du {date}', { date: formatDateTime(r.startedAt, timezone) })
                    : t('Capture du {date}', { date: formatDateTime(r.startedAt, timezone) }),
              })),
            ]}
          />
        </FormField>
      </div>
      {source === PERIOD ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField id="file-video-from" label={t('Du')} error={errors.from}>
            <Input
              id="file-video-from"
              type="datetime-local"
              value={from}
              className="[color-scheme:dark]"
              aria-invalid={errors.from ? true : undefined}
              aria-describedby={errors.from ? 'file-video-from-error' : undefined}
              onChange={(e) => {
                setFrom(e.target.value);
                clear('from');
              }}
            />
          </FormField>
          <FormField id="file-video-to" label={t('Au')} error={errors.to}>
            <Input
              id="file-video-to"
              type="datetime-local"
              value={to}
              className="[color-scheme:dark]"
              aria-invalid={errors.to ? true : undefined}
              aria-describedby={errors.to ? 'file-video-to-error' : undefined}
              onChange={(e) => {
                setTo(e.target.value);
                clear('to');
              }}
            />
          </FormField>
        </div>
      ) : null}
      <FormField id="file-video-remark" label={t('Ce qui a été vu')} error={errors.remark}>
        <Textarea
          id="file-video-remark"
          rows={2}
          value={remark}
          placeholder={t('Ex. Silhouette près du portail à 02:14')}
          onChange={(e) => setRemark(e.target.value)}
        />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={pending || !camera}>
          <Video aria-hidden="true" />
          {t('Consigner la vidéo consultée')}
        </Button>
      </div>
    </form>
  );
}
