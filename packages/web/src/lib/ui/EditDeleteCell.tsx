import type { ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { useTranslation } from 'react-i18next';

/** A table row's actions: edit, any extra buttons (children), delete. */
export function EditDeleteCell({ onEdit, onDelete, children }: { onEdit(): void; onDelete(): void; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <TableCell sx={{ whiteSpace: 'nowrap' }}>
      <IconButton size="small" aria-label={t('common.edit')} onClick={onEdit}>
        <EditIcon fontSize="small" />
      </IconButton>
      {children}
      <IconButton size="small" aria-label={t('common.delete')} onClick={onDelete}>
        <DeleteIcon fontSize="small" />
      </IconButton>
    </TableCell>
  );
}
