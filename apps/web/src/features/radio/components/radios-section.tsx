import type { Radio } from '@vigie/contract/radio.contract';
import { RadioReceiver } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { EmptyState, QueryState } from '../../../components/query-state';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SearchInput } from '../../../components/ui/search-input';
import { errorMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n/i18n';
import { useDeleteRadio } from '../api/delete-radio';
import { useRadios } from '../api/get-radios';
import { RadioCard } from './radio-card';
import { RadioEditDialog } from './radio-edit-dialog';
import { formatImei } from './radio-format';

type RadiosSectionProps = { canManage: boolean; timezone?: string; onAlert: (alertId: string) => void };

const normalize = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

function matches(radio: Radio, query: string) {
  if (!query) return true;
  const digits = query.replace(/[\s/-]/g, '');
  return (
    (digits !== '' && radio.radioId.includes(digits)) ||
    normalize(radio.serialNumber).includes(query) ||
    normalize(radio.agentName ?? '').includes(query) ||
    normalize(radio.currentChannel ?? '').includes(query)
  );
}

/** The radios grid: search, a card per handset with SOS, and the managers' edit and remove. */
export function RadiosSection({ canManage, timezone, onAlert }: RadiosSectionProps) {
  const list = useRadios();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Radio | null>(null);
  const [deleting, setDeleting] = useState<Radio | null>(null);
  const remove = useDeleteRadio();
  const radios = list.data ?? [];
  const query = normalize(search.trim());
  const shown = radios.filter((radio) => matches(radio, query));

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(t('Radio retirée'), { description: `IMEI ${formatImei(deleting.radioId)}` });
    } catch (error) {
      toast.error(t('Erreur'), { description: errorMessage(error, t('Impossible de retirer la radio')) });
    }
    setDeleting(null);
  };

  return (
    <section className="flex flex-col gap-4" aria-labelledby="radios-title">
      <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <div className="flex flex-col gap-0.5">
          <h2 id="radios-title" className="text-lg font-semibold text-white">
            {t('Radios')}
          </h2>
          <p className="text-sm text-fg-muted" aria-live="polite">
            {list.data
              ? t('{count, plural, one {# radio} other {# radios}} · {online} en ligne', {
                  count: radios.length,
                  online: radios.filter((r) => r.online).length,
                })
              : null}
          </p>
        </div>
        {radios.length > 0 ? (
          <SearchInput
            wrapperClassName="w-full md:max-w-sm"
            aria-label={t('Rechercher une radio')}
            placeholder={t('IMEI, n° de série, agent ou canal...')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        ) : null}
      </div>

      <QueryState
        query={list}
        loading={t('Chargement des radios…')}
        error={t('Impossible de charger les radios')}
        empty={{
          when: radios.length === 0,
          icon: RadioReceiver,
          title: t('Aucune radio'),
          hint: t(
            'Ajoutez vos terminaux push-to-talk 4G avec leur IMEI pour suivre leur état et leurs alertes.',
          ),
        }}
      >
        {shown.length === 0 ? (
          <EmptyState icon={RadioReceiver} title={t('Aucune radio ne correspond à la recherche.')} />
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={t('Radios')}>
            {shown.map((radio) => (
              <li key={radio.id} className="flex">
                <RadioCard
                  radio={radio}
                  canManage={canManage}
                  timezone={timezone}
                  onAlert={onAlert}
                  onEdit={setEditing}
                  onDelete={setDeleting}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryState>

      <RadioEditDialog radio={editing} onOpenChange={(open) => !open && setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('Retirer cette radio ?')}
        description={
          deleting
            ? t('La radio {imei} sera retirée du parc. Ses communications et ses alertes sont conservées.', {
                imei: formatImei(deleting.radioId),
              })
            : ''
        }
        confirmLabel={t('Retirer')}
        pendingLabel={t('Retrait...')}
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </section>
  );
}
