import type { Radio } from '@vigie/contract/radio.contract';
import { EllipsisVertical, Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { t } from '../../../lib/i18n/i18n';
import { formatImei } from './radio-format';

type RadioActionsMenuProps = {
  radio: Radio;
  onEdit: (radio: Radio) => void;
  onDelete: (radio: Radio) => void;
};

/** 'Modifier' (agent, status, channel) and 'Retirer' for managers. */
export function RadioActionsMenu({ radio, onEdit, onDelete }: RadioActionsMenuProps) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('Actions de la radio {imei}', { imei: formatImei(radio.radioId) })}
        >
          <EllipsisVertical aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => onEdit(radio)}>
          <Pencil aria-hidden="true" />
          {t('Modifier')}
        </DropdownMenuItem>
        <DropdownMenuItem tone="danger" onSelect={() => onDelete(radio)}>
          <Trash2 aria-hidden="true" />
          {t('Retirer la radio')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
