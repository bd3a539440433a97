// French zod messages: set before this form's schema validates anything.
import '@vigie/contract/locale';
import {
  type Camera,
  cameraResolutions,
  cameraTypeLabels,
  cameraTypes,
  createCameraBody,
} from '@vigie/contract/cameras.contract';
import type { z } from 'zod';
import { msg, t } from '../../../lib/i18n/i18n';

export const cameraFormSchema = createCameraBody;

export type CameraFormValues = z.input<typeof cameraFormSchema>;
export type CameraFormOutput = z.output<typeof cameraFormSchema>;

export const emptyCameraForm = (siteId = ''): CameraFormValues => ({
  siteId,
  name: '',
  location: '',
  type: 'fixed',
  resolution: '1080p',
  ipAddress: '',
  rtspUrl: '',
  snapshotUrl: '',
  onvifUrl: '',
  streamUsername: '',
  streamPassword: '',
  nightVision: false,
  motionDetection: false,
  recording: false,
  liveTranscode: false,
  preAlarmSeconds: 0,
});

/** Stored credentials are never sent back: the fields start empty and stay unchanged if left so. */
export function cameraToForm(camera: Camera): CameraFormValues {
  return {
    siteId: camera.siteId,
    name: camera.name,
    location: camera.location,
    type: camera.type,
    resolution: camera.resolution,
    ipAddress: camera.ipAddress ?? '',
    rtspUrl: camera.rtspUrl ?? '',
    snapshotUrl: camera.snapshotUrl ?? '',
    onvifUrl: camera.onvifUrl ?? '',
    streamUsername: '',
    streamPassword: '',
    nightVision: camera.nightVision,
    motionDetection: camera.motionDetection,
    recording: camera.recording,
    liveTranscode: camera.liveTranscode,
    preAlarmSeconds: camera.preAlarmSeconds,
  };
}

/** The type choices, in the current language (called at render). */
export const cameraTypeOptions = () =>
  cameraTypes.map((value) => ({ value, label: t(cameraTypeLabels[value]) }));
export const resolutionOptions = cameraResolutions.map((value) => ({ value, label: value }));

export const featureLabels = {
  nightVision: msg('Vision nocturne'),
  motionDetection: msg('Détection de mouvement'),
  recording: msg('Enregistrement'),
} as const;
export const featureKeys = Object.keys(featureLabels) as (keyof typeof featureLabels)[];

/** A decoded QR code: a stream address fills the URL, anything else is a name or serial number. */
export function isStreamUrl(text: string) {
  try {
    const url = new URL(text.trim());
    return ['rtsp:', 'rtsps:', 'http:', 'https:'].includes(url.protocol) && url.hostname !== '';
  } catch {
    return false;
  }
}
