import { useState } from 'react';
import Button from '@mui/material/Button';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { useTranslation } from 'react-i18next';
import { toastError } from '../toast';

/** A report's "Exportar" button: disabled while its download runs; a failure is a toast. */
export function ExportButton({
  onExport,
  disabled,
  testId,
}: {
  onExport: () => Promise<unknown>;
  disabled?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const download = () => {
    setExporting(true);
    onExport()
      .catch(toastError)
      .finally(() => setExporting(false));
  };
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      onClick={download}
      disabled={disabled || exporting}
      data-testid={testId}
    >
      {t('dashboard.export')}
    </Button>
  );
}
