/** Ativo or Desativado, for flows and flow campaigns. */
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

export function FlowStatus({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={active ? 'success' : 'default'}
      label={active ? t('flows.status.active') : t('flows.status.inactive')}
    />
  );
}
