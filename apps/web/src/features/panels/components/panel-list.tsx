import type { PanelDto } from '@vigie/contract/panels.contract';
import { LockKeyhole, LockKeyholeOpen, ScrollText, Settings } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { type DataColumn, DataList } from '../../../components/ui/data-list';
import { t } from '../../../lib/i18n/i18n';
import { PanelLinkBadge, PanelTestBadge } from './panel-badges';
import { lastSignalText, ofPanel, supervisionText } from './panel-format';

type PanelListProps = {
  panels: readonly PanelDto[];
  onJournal: (panel: PanelDto) => void;
  onEdit: (panel: PanelDto) => void;
  timezone?: string;
};

function LastSignal({ at, timezone }: { at: string | null; timezone?: string }) {
  const { relative, absolute } = lastSignalText(at, timezone);
  return (
    <span className="flex flex-col">
      <span className="text-slate-200">{relative}</span>
      {absolute ? <span className="text-xs whitespace-nowrap text-fg-muted">{absolute}</span> : null}
    </span>
  );
}

/**
 * One row per panel: its site, account, key, supervision, last signal and link state (and the test
 * mode while it lasts); « Journal » opens its signals, the settings button edits it. On a phone, one
 * card per panel.
 */
export function PanelList({ panels, onJournal, onEdit, timezone }: PanelListProps) {
  const columns: DataColumn<PanelDto>[] = [
    { id: 'name', header: t('Centrale'), primary: true, cell: (panel) => panel.name },
    { id: 'site', header: t('Site'), cell: (panel) => panel.siteName },
    {
      id: 'account',
      header: t('Compte'),
      cell: (panel) => (
        <span className="flex flex-col gap-0.5">
          <span className="font-mono text-xs break-all">{panel.account}</span>
          {panel.hasAesKey ? (
            <span className="inline-flex items-center gap-1 text-xs whitespace-nowrap text-emerald-200">
              <LockKeyhole aria-hidden="true" className="size-3.5" />
              {t('Chiffrée (AES)')}
            </span>
          ) : (
            <span className="inline-flex items-center gap-1 text-xs whitespace-nowrap text-fg-muted">
              <LockKeyholeOpen aria-hidden="true" className="size-3.5" />
              {t('Non chiffrée')}
            </span>
          )}
        </span>
      ),
    },
    {
      id: 'supervision',
      header: t('Supervision'),
      className: 'text-fg-muted',
      cell: (panel) => supervisionText(panel.supervisionMinutes),
    },
    {
      id: 'last',
      header: t('Dernier signal'),
      cell: (panel) => <LastSignal at={panel.lastSignalAt} timezone={timezone} />,
    },
    {
      id: 'state',
      header: t('Liaison'),
      // On a phone's card, a row of its own: the test mode's badge is long.
      wide: true,
      cell: (panel) => (
        <span className="flex flex-wrap items-center gap-1.5">
          <PanelLinkBadge state={panel.linkState} />
          <PanelTestBadge panel={panel} timezone={timezone} />
        </span>
      ),
    },
    {
      id: 'actions',
      header: t('Actions'),
      srOnlyHeader: true,
      actions: true,
      cell: (panel) => (
        <div className="flex justify-end gap-1 @max-3xl:gap-2">
          <Button
            variant="outline"
            size="sm"
            className="@max-3xl:flex-1"
            onClick={() => onJournal(panel)}
            aria-label={t('Journal des signaux {ofName}', { ofName: ofPanel(panel.name) })}
          >
            <ScrollText aria-hidden="true" />
            {t('Journal')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onEdit(panel)}
            aria-label={t('Paramètres {ofName}', { ofName: ofPanel(panel.name) })}
          >
            <Settings aria-hidden="true" />
          </Button>
        </div>
      ),
    },
  ];
  return (
    <DataList
      caption={t("Centrales d'alarme")}
      columns={columns}
      rows={panels}
      rowKey={(panel) => panel.id}
      rowProps={(panel) => ({ 'data-testid': 'panel-row', 'data-link-state': panel.linkState })}
    />
  );
}
