import { zodResolver } from '@hookform/resolvers/zod';
import type { Camera } from '@vigie/contract/cameras.contract';
import { QrCode } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { FormSelect } from '../../../components/ui/form-select';
import { Input } from '../../../components/ui/input';
import type { SelectOption } from '../../../components/ui/select';
import { showServerErrors } from '../../../lib/field-errors';
import { t } from '../../../lib/i18n/i18n';
import { useCreateCamera } from '../api/create-camera';
import { useUpdateCamera } from '../api/update-camera';
import {
  type CameraFormOutput,
  type CameraFormValues,
  cameraFormSchema,
  cameraToForm,
  cameraTypeOptions,
  emptyCameraForm,
  featureKeys,
  featureLabels,
  isStreamUrl,
  resolutionOptions,
} from './camera-form-schema';
import { DeleteCameraButton } from './delete-camera-button';
import { ofName } from './of-name';
import { QrScanDialog } from './qr-scan-dialog';

type CameraFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sites: readonly SelectOption[];
  /** Edit this camera (settings button); absent: 'Ajouter caméra'. */
  camera?: Camera;
  onSaved?: () => void;
};

export function CameraFormDialog({ open, onOpenChange, sites, camera, onSaved }: CameraFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="xl"
        title={camera ? t('Paramètres de la caméra') : t('Ajouter une caméra')}
        description={
          camera
            ? t('Modifiez la configuration {camera}.', { camera: ofName(camera.name) })
            : t('Caméra IP, NVR ou DVR : son état est vérifié automatiquement dès son ajout.')
        }
      >
        {/* Mounted on open: the form starts from the camera (or empty) every time. */}
        <CameraForm onOpenChange={onOpenChange} sites={sites} camera={camera} onSaved={onSaved} />
      </DialogContent>
    </Dialog>
  );
}

/** Example addresses shown in empty fields: the same in every language, so not messages. */
const examples = {
  rtspUrl: 'rtsp://192.168.1.64:554/stream',
  snapshotUrl: 'http://192.168.1.64/snapshot.jpg',
  onvifUrl: 'http://192.168.1.64/onvif/device_service',
};

/** The fields that show a message, named as in the request body (a refusal about one shows under it). */
const switches: readonly string[] = ['nightVision', 'motionDetection', 'recording', 'liveTranscode'];
const cameraFields = (Object.keys(emptyCameraForm('')) as (keyof CameraFormValues)[]).filter(
  (name) => !switches.includes(name),
);

function CameraForm({ onOpenChange, sites, camera, onSaved }: Omit<CameraFormDialogProps, 'open'>) {
  const create = useCreateCamera();
  const update = useUpdateCamera();
  const [scanOpen, setScanOpen] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CameraFormValues, unknown, CameraFormOutput>({
    resolver: zodResolver(cameraFormSchema),
    defaultValues: camera ? cameraToForm(camera) : emptyCameraForm(sites.length === 1 ? sites[0]?.value : ''),
  });

  // The ONVIF address moves PTZ cameras only: asked for them, and not kept for a fixed one.
  const isPtz = useWatch({ control, name: 'type' }) === 'ptz';

  const onSubmit = handleSubmit(async (submitted) => {
    const values = submitted.type === 'ptz' ? submitted : { ...submitted, onvifUrl: null };
    if (camera) {
      const { streamUsername, streamPassword, ...rest } = values;
      // Empty credential fields keep the stored ones.
      const body = {
        ...rest,
        ...(streamUsername ? { streamUsername } : {}),
        ...(streamPassword ? { streamPassword } : {}),
      };
      try {
        const saved = await update.mutateAsync({ id: camera.id, body });
        toast.success(t('Caméra modifiée'), {
          description: t('La configuration {camera} a été enregistrée.', { camera: ofName(saved.name) }),
        });
        onSaved?.();
        onOpenChange(false);
      } catch (error) {
        const rest = showServerErrors(error, setError, cameraFields, t('Impossible de modifier la caméra'));
        if (rest) toast.error(t('Erreur'), { description: rest });
      }
      return;
    }
    try {
      await create.mutateAsync(values);
      toast.success(t('Caméra ajoutée'), {
        description: t('La nouvelle caméra a été configurée avec succès'),
      });
      onSaved?.();
      onOpenChange(false);
    } catch (error) {
      const rest = showServerErrors(error, setError, cameraFields, t("Impossible d'ajouter la caméra"));
      if (rest) toast.error(t('Erreur'), { description: rest });
    }
  });

  const onQr = (text: string) => {
    if (isStreamUrl(text)) {
      setValue('rtspUrl', text.trim(), { shouldDirty: true, shouldValidate: true });
      toast.success(t('QR code lu'), { description: t('L’URL du flux a été renseignée.') });
    } else {
      setValue('name', text.trim().slice(0, 200), { shouldDirty: true, shouldValidate: true });
      toast.success(t('QR code lu'), {
        description: t('Le numéro de série a été repris dans le nom de la caméra.'),
      });
    }
  };

  const a11y = (name: keyof CameraFormValues) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `camera-${name}-error` : undefined,
  });

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <FormField id="camera-siteId" label={t('Site')} required error={errors.siteId?.message}>
          <FormSelect
            control={control}
            name="siteId"
            id="camera-siteId"
            options={sites}
            placeholder={sites.length === 0 ? t('Aucun site : créez-en un d’abord') : t('Choisir un site')}
            {...a11y('siteId')}
          />
        </FormField>
        <FormField id="camera-name" label={t('Nom de la caméra')} required error={errors.name?.message}>
          <Input id="camera-name" autoComplete="off" {...a11y('name')} {...register('name')} />
        </FormField>
        <FormField
          id="camera-location"
          label={t('Emplacement')}
          required
          error={errors.location?.message}
          className="sm:col-span-2"
        >
          <Input
            id="camera-location"
            autoComplete="off"
            placeholder={t('Ex. Entrée principale')}
            {...a11y('location')}
            {...register('location')}
          />
        </FormField>
        <FormField id="camera-type" label={t('Type')} error={errors.type?.message}>
          <FormSelect control={control} name="type" id="camera-type" options={cameraTypeOptions()} />
        </FormField>
        <FormField id="camera-resolution" label={t('Résolution')} error={errors.resolution?.message}>
          <FormSelect
            control={control}
            name="resolution"
            id="camera-resolution"
            options={resolutionOptions}
          />
        </FormField>
        <FormField id="camera-ipAddress" label={t('Adresse IP')} error={errors.ipAddress?.message}>
          <Input
            id="camera-ipAddress"
            inputMode="decimal"
            placeholder="192.168.1.64"
            {...a11y('ipAddress')}
            {...register('ipAddress')}
          />
        </FormField>
        <FormField id="camera-rtspUrl" label={t('URL RTSP / NVR / DVR')} error={errors.rtspUrl?.message}>
          <Input
            id="camera-rtspUrl"
            placeholder={examples.rtspUrl}
            {...a11y('rtspUrl')}
            {...register('rtspUrl')}
          />
        </FormField>
        <div className="flex flex-col gap-2 rounded-lg border border-blue-500/30 bg-blue-500/10 p-3 text-sm text-blue-100 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
          <p>
            {t("Un NVR ou DVR ? Scannez son QR code pour renseigner l'URL du flux ou son numéro de série.")}
          </p>
          <Button variant="secondary" size="sm" onClick={() => setScanOpen(true)}>
            <QrCode aria-hidden="true" />
            {t('Scanner un QR code')}
          </Button>
        </div>
        <FormField
          id="camera-snapshotUrl"
          label={t("URL de l'image (snapshot)")}
          hint={t('Image JPEG ou PNG exposée par la caméra, affichée dans la vue live.')}
          error={errors.snapshotUrl?.message}
          className="sm:col-span-2"
        >
          <Input
            id="camera-snapshotUrl"
            placeholder={examples.snapshotUrl}
            {...a11y('snapshotUrl')}
            {...register('snapshotUrl')}
          />
        </FormField>
        {isPtz ? (
          <FormField
            id="camera-onvifUrl"
            label={t('Adresse ONVIF (caméras PTZ)')}
            hint={t(
              "Service ONVIF de la caméra, pour l'orienter et rejoindre ses préréglages (identifiants du flux).",
            )}
            error={errors.onvifUrl?.message}
            className="sm:col-span-2"
          >
            <Input
              id="camera-onvifUrl"
              placeholder={examples.onvifUrl}
              {...a11y('onvifUrl')}
              {...register('onvifUrl')}
            />
          </FormField>
        ) : null}
        <FormField
          id="camera-streamUsername"
          label={t('Identifiant du flux')}
          hint={
            camera?.hasCredentials ? t('Laissez vide pour conserver l’identifiant enregistré.') : undefined
          }
          error={errors.streamUsername?.message}
        >
          <Input
            id="camera-streamUsername"
            autoComplete="off"
            {...a11y('streamUsername')}
            {...register('streamUsername')}
          />
        </FormField>
        <FormField
          id="camera-streamPassword"
          label={t('Mot de passe du flux')}
          hint={
            camera?.hasCredentials ? t('Laissez vide pour conserver le mot de passe enregistré.') : undefined
          }
          error={errors.streamPassword?.message}
        >
          <Input
            id="camera-streamPassword"
            type="password"
            autoComplete="new-password"
            {...a11y('streamPassword')}
            {...register('streamPassword')}
          />
        </FormField>
        <fieldset className="flex flex-col gap-2 sm:col-span-2">
          <legend className="mb-2 text-sm font-medium text-slate-200">{t('Fonctionnalités')}</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {featureKeys.map((key) => (
              <label key={key} className="flex cursor-pointer items-center gap-2 text-sm text-slate-200">
                <input type="checkbox" className="size-4 accent-blue-600" {...register(key)} />
                {t(featureLabels[key])}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-medium text-slate-200">{t('Vidéo')}</legend>
          <label className="flex cursor-pointer items-start gap-2 text-sm text-slate-200">
            <input type="checkbox" className="mt-0.5 size-4 accent-blue-600" {...register('liveTranscode')} />
            <span>
              {t('Réencoder en H.264')}
              <span className="block text-xs text-fg-muted">
                {t('Pour les caméras H.265 ou MJPEG : coûte du calcul au serveur.')}
              </span>
            </span>
          </label>
          <FormField
            id="camera-preAlarmSeconds"
            label={t('Pré-alarme (secondes)')}
            hint={t("0 à 30 : le clip d'une alarme commence avant elle (flux gardé ouvert).")}
            error={errors.preAlarmSeconds?.message}
          >
            <Input
              id="camera-preAlarmSeconds"
              type="number"
              min={0}
              max={30}
              step={1}
              {...a11y('preAlarmSeconds')}
              {...register('preAlarmSeconds', { valueAsNumber: true })}
            />
          </FormField>
        </fieldset>
        <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:items-center sm:justify-end">
          {camera ? <DeleteCameraButton camera={camera} onDeleted={() => onOpenChange(false)} /> : null}
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('Annuler')}
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? t('Configuration...') : camera ? t('Enregistrer') : t('Ajouter la caméra')}
          </Button>
        </div>
      </form>
      <QrScanDialog open={scanOpen} onOpenChange={setScanOpen} onResult={onQr} />
    </>
  );
}
