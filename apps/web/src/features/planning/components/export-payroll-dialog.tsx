import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n/i18n';
import { downloadPayrollExport } from '../api/export-payroll';

type ExportPayrollDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultMonth: string;
};

/** 'Export paie' (administrators): the month's hours, nights, Sundays and holidays as XLSX. */
export function ExportPayrollDialog({ open, onOpenChange, defaultMonth }: ExportPayrollDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('Export paie')}
        description={t(
          'Heures travaillées, de nuit, le dimanche et les jours fériés de chaque agent, au format Excel.',
        )}
      >
        <ExportForm onOpenChange={onOpenChange} defaultMonth={defaultMonth} />
      </DialogContent>
    </Dialog>
  );
}

function ExportForm({ onOpenChange, defaultMonth }: Omit<ExportPayrollDialogProps, 'open'>) {
  const [month, setMonth] = useState(defaultMonth);
  const [busy, setBusy] = useState(false);
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);

  const download = async () => {
    setBusy(true);
    try {
      await downloadPayrollExport(month);
      toast.success(t('Export réussi'), { description: `paie-${month}.xlsx` });
      onOpenChange(false);
    } catch (error) {
      toast.error(t("Erreur d'export"), {
        description: errorMessage(error, t("Impossible d'exporter la paie")),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) void download();
      }}
    >
      <FormField
        id="export-month"
        label={t('Mois')}
        required
        error={valid ? undefined : t('Choisissez un mois')}
      >
        <Input
          id="export-month"
          type="month"
          value={month}
          onChange={(event) => setMonth(event.target.value)}
          aria-invalid={valid ? undefined : true}
          aria-describedby={valid ? undefined : 'export-month-error'}
        />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {t('Annuler')}
        </Button>
        <Button type="submit" disabled={!valid || busy}>
          {busy ? t('Export en cours...') : t('Télécharger')}
        </Button>
      </div>
    </form>
  );
}
