import { ingestAlarm } from '@vigie/contract/integrations.contract';

/** How a panel or receiving centre posts an alarm: the real path and header. */
export function IntegrationHelp() {
  const url = `${window.location.origin}${ingestAlarm.path}`;
  const example = `curl -X POST ${url} \\
  -H "X-Api-Key: <votre clé>" \\
  -H "Content-Type: application/json" \\
  -d '{
    "siteId": "<identifiant du site>",
    "type": "intrusion",
    "severity": "high",
    "title": "Intrusion zone 3",
    "description": "Détecteur volumétrique déclenché",
    "location": "Entrepôt, allée B",
    "triggeredBy": "Détecteur DT-12"
  }'`;
  return (
    <section className="flex flex-col gap-3" aria-labelledby="integration-help-title">
      <h3 id="integration-help-title" className="text-sm font-semibold text-white">
        Envoyer une alarme depuis une centrale
      </h3>
      <p className="text-sm text-slate-300">
        La centrale d'alarme ou le télésurveilleur envoie une requête <code>POST</code> sur{' '}
        <code className="break-all text-blue-200">{ingestAlarm.path}</code> avec sa clé dans l'en-tête{' '}
        <code>X-Api-Key</code>. Le corps reprend les champs d'une alarme : <code>siteId</code>,{' '}
        <code>type</code> (intrusion, fire, access_denied, camera_offline, panic, technical),{' '}
        <code>severity</code> (low, medium, high, critical), <code>title</code>, <code>description</code>,{' '}
        <code>location</code> et, en option, <code>triggeredBy</code>. L'alarme apparaît aussitôt chez tous
        les opérateurs ; une clé révoquée est refusée (401).
      </p>
      <pre
        className="overflow-x-auto rounded-lg border border-ink-700 bg-ink-950 p-4 text-xs leading-relaxed text-slate-200"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable code must be reachable by keyboard.
        tabIndex={0}
      >
        <code>{example}</code>
      </pre>
    </section>
  );
}
