import type { PanelReceiverDto } from '@vigie/contract/panels.contract';
import { Copy, RadioTower } from 'lucide-react';
import { toast } from 'sonner';
import { QueryState } from '../../../components/query-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';
import { usePanelReceiver } from '../api/get-panel-receiver';

const states = {
  up: { tone: 'success', dot: 'bg-emerald-400' },
  down: { tone: 'danger', dot: 'bg-red-400' },
  off: { tone: 'neutral', dot: 'bg-slate-500' },
} as const;

// One message for the three states: « Hors service » alone is also an agent's state (off duty),
// which English and Spanish translate differently.
const receiverStateText = (state: keyof typeof states) =>
  t('{state, select, up {En écoute} down {Hors service} other {Désactivé}}', { state });

function Info({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className={cn('break-all text-sm text-white', mono && 'font-mono')}>{value}</dd>
    </div>
  );
}

/** « host:port », with brackets around an IPv6 address. */
export const receiverAddress = (receiver: Pick<PanelReceiverDto, 'host' | 'port'>) =>
  `${receiver.host.includes(':') ? `[${receiver.host}]` : receiver.host}:${receiver.port ?? ''}`;

/** The installer's one line: where and how to program a panel. */
export function installerGuide(receiver: PanelReceiverDto) {
  return t(
    'Programmez la centrale en SIA DC-09 vers {address} (TCP ou UDP), préfixe de ligne (L) {prefix}, numéro de compte de la centrale ; clé AES facultative.',
    { address: receiverAddress(receiver), prefix: receiver.prefix },
  );
}

async function copyAddress(address: string) {
  try {
    await navigator.clipboard.writeText(address);
    toast.success(t('Adresse copiée'), { description: address });
  } catch {
    // No clipboard access (plain http): say what to copy.
    toast.info(t('Copie impossible'), { description: t("Recopiez l'adresse : {address}", { address }) });
  }
}

function ReceiverDetails({ receiver }: { receiver: PanelReceiverDto }) {
  const address = receiverAddress(receiver);
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Info label={t('Adresse')} value={receiver.host} mono />
        <Info
          label={t('Port (TCP et UDP)')}
          value={receiver.port === null ? '—' : String(receiver.port)}
          mono
        />
        <Info label={t('Préfixe de ligne (L)')} value={receiver.prefix} mono />
        {receiver.surgardPort !== null ? (
          <Info label={t('Entrée Sur-Gard (TCP)')} value={String(receiver.surgardPort)} mono />
        ) : null}
      </dl>
      {receiver.state !== 'up' && receiver.detail ? (
        <p
          className={cn('text-sm', receiver.state === 'down' ? 'text-red-200' : 'text-fg-muted')}
          data-testid="receiver-detail"
        >
          {receiver.detail}
        </p>
      ) : null}
      {receiver.port !== null ? (
        <div className="flex flex-col gap-3 rounded-lg border border-blue-500/30 bg-blue-500/10 p-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-blue-100" data-testid="receiver-guide">
            {installerGuide(receiver)}
          </p>
          <Button
            variant="secondary"
            size="sm"
            className="shrink-0 self-start sm:self-center"
            onClick={() => void copyAddress(address)}
            aria-label={t("Copier l'adresse {address}", { address })}
          >
            <Copy aria-hidden="true" />
            {t('Copier {address}', { address })}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** The box on top of the screen: where installers point the company's panels, and whether it listens. */
export function ReceiverBox() {
  const query = usePanelReceiver();
  const state = query.data
    ? { ...states[query.data.state], label: receiverStateText(query.data.state) }
    : null;
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6" data-testid="receiver-box">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-base font-semibold text-white">
          <RadioTower aria-hidden="true" className="size-5 text-blue-300" />
          {t("Récepteur d'alarmes")}
        </h2>
        {state ? (
          <Badge tone={state.tone} className="whitespace-nowrap" data-testid="receiver-state">
            <span aria-hidden="true" className={cn('size-1.5 rounded-full', state.dot)} />
            {state.label}
          </Badge>
        ) : null}
      </div>
      <QueryState
        query={query}
        layout="card"
        loading={t('Chargement du récepteur…')}
        error={t("Impossible de lire l'adresse du récepteur")}
      >
        {(receiver) => <ReceiverDetails receiver={receiver} />}
      </QueryState>
    </Card>
  );
}
