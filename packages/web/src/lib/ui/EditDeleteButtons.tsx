import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { useTranslation } from 'react-i18next';

/**
 * A row's actions: `leading` buttons, edit, `children` (more buttons), delete — which shows only
 * with `onDelete`. Test ids `{testId}-edit` / `{testId}-delete` when a `testId` is given.
 */
export function EditDeleteButtons({
  onEdit,
  onDelete,
  testId,
  leading,
  children,
}: {
  onEdit(): void;
  onDelete?: () => void;
  testId?: string;
  leading?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      {leading}
      <IconButton size="small" aria-label={t('common.edit')} onClick={onEdit} data-testid={testId && `${testId}-edit`}>
        <EditIcon fontSize="small" />
      </IconButton>
      {children}
      {onDelete && (
        <IconButton
          size="small"
          aria-label={t('common.delete')}
          onClick={onDelete}
          data-testid={testId && `${testId}-delete`}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
}
