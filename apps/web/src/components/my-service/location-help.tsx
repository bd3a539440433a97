import { t } from '../../lib/i18n/i18n';
/** How to give the location back to Vigie once it was refused, per kind of device. */
export function LocationHelp() {
  return (
    <div className="flex flex-col gap-2 text-sm text-slate-200" data-testid="location-help">
      <p className="font-semibold text-white">{t('Pour autoriser la localisation :')}</p>
      <ul className="flex list-disc flex-col gap-1.5 pl-5">
        <li>
          <span className="font-medium text-white">{'Android (Chrome)'}</span>
          {t(
            " : touchez l'icône à gauche de l'adresse du site, puis « Autorisations » › « Position » › « Autoriser ».",
          )}
        </li>
        <li>
          <span className="font-medium text-white">{'iPhone (Safari)'}</span>
          {t(
            ' : Réglages › Safari › Localisation › « Demander » ou « Autoriser », et vérifiez que Réglages › Confidentialité et sécurité › Service de localisation est activé.',
          )}
        </li>
        <li>
          <span className="font-medium text-white">{t('Ordinateur')}</span>
          {t(" : cliquez sur l'icône à gauche de l'adresse, puis autorisez « Position ».")}
        </li>
      </ul>
      <p>{t('Rechargez ensuite la page et appuyez de nouveau sur le bouton.')}</p>
    </div>
  );
}
