import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { CampaignStatus } from '@balcao/contracts';

const COLOR: Record<CampaignStatus, ChipProps['color']> = {
  INATIVA: 'default',
  PROGRAMADA: 'info',
  EM_ANDAMENTO: 'warning',
  CANCELADA: 'error',
  FINALIZADA: 'success',
};

/** A campaign's status, translated (`data-status` keeps the API's value for tests). */
export function CampaignStatusChip({ status, size = 'small' }: { status: CampaignStatus; size?: ChipProps['size'] }) {
  const { t } = useTranslation();
  return (
    <Chip
      size={size}
      variant="outlined"
      color={COLOR[status]}
      label={t(`campaigns.status.${status}`)}
      data-testid="campaign-status"
      data-status={status}
    />
  );
}
