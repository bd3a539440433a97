import { ingestAlarm } from '@vigie/contract/integrations.contract';
import { markers, richText } from '../../../components/device-keys/rich-text';
import { t } from '../../../lib/i18n/i18n';

/** The curl example, its placeholders and sample values in the user's language. */
function curlExample(url: string) {
  const text = (value: string) => JSON.stringify(value);
  return `curl -X POST ${url} \\
  -H "X-Api-Key: ${t('<votre clé>')}" \\
  -H "Content-Type: application/json" \\
  -d '{
    "siteId": ${text(t('<identifiant du site>'))},
    "type": "intrusion",
    "severity": "high",
    "title": ${text(t('Intrusion zone 3'))},
    "description": ${text(t('Détecteur volumétrique déclenché'))},
    "location": ${text(t('Entrepôt, allée B'))},
    "triggeredBy": ${text(t('Détecteur DT-12'))}
  }'`;
}

/** How a panel or receiving centre posts an alarm: the real path and header. */
export function IntegrationHelp() {
  const url = `${window.location.origin}${ingestAlarm.path}`;
  const request = {
    method: <code>{'POST'}</code>,
    path: <code className="break-all text-blue-200">{ingestAlarm.path}</code>,
    header: <code>{'X-Api-Key'}</code>,
  };
  const fields = Object.fromEntries(
    ['siteId', 'type', 'severity', 'title', 'description', 'location', 'triggeredBy'].map((name) => [
      name,
      <code key={name}>{name}</code>,
    ]),
  );
  return (
    <section className="flex flex-col gap-3" aria-labelledby="integration-help-title">
      <h3 id="integration-help-title" className="text-sm font-semibold text-white">
        {t('Envoyer une alarme depuis une centrale')}
      </h3>
      <p className="text-sm text-slate-300">
        {richText(
          t(
            "La centrale d'alarme ou le télésurveilleur envoie une requête {method} sur {path} avec sa clé dans l'en-tête {header}.",
            markers(request),
          ),
          request,
        )}{' '}
        {richText(
          t(
            "Le corps reprend les champs d'une alarme : {siteId}, {type} (intrusion, fire, access_denied, camera_offline, panic, technical), {severity} (low, medium, high, critical), {title}, {description}, {location} et, en option, {triggeredBy}.",
            markers(fields),
          ),
          fields,
        )}{' '}
        {t("L'alarme apparaît aussitôt chez tous les opérateurs ; une clé révoquée est refusée (401).")}
      </p>
      <pre
        className="overflow-x-auto rounded-lg border border-ink-700 bg-ink-950 p-4 text-xs leading-relaxed text-slate-200"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable code must be reachable by keyboard.
        tabIndex={0}
      >
        <code>{curlExample(url)}</code>
      </pre>
    </section>
  );
}
