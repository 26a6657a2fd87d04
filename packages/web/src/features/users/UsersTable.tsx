import { useEffect, useRef } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { useTranslation } from 'react-i18next';
import type { User } from '../../lib/types';

/** Distance from the bottom (px) at which the next page loads (foundation §9). */
const SCROLL_TRIGGER_PX = 100;

interface Props {
  users: User[];
  loading: boolean;
  hasMore: boolean;
  onLoadMore: () => void;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

export function UsersTable({ users, loading, hasMore, onLoadMore, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);

  const check = () => {
    const el = box.current;
    if (!el || loading || !hasMore) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < SCROLL_TRIGGER_PX) onLoadMore();
  };
  // A first page shorter than the box cannot be scrolled: load on until it fills.
  useEffect(check);

  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      ref={box}
      onScroll={check}
      sx={{ maxHeight: { xs: 'calc(100vh - 230px)', sm: 'calc(100vh - 190px)' }, minHeight: 200 }}
      data-testid="users-table"
    >
      <Table stickyHeader size="small">
        <TableHead>
          <TableRow>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('users.table.id')}</TableCell>
            <TableCell>{t('users.table.name')}</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('users.table.email')}</TableCell>
            <TableCell>{t('users.table.profile')}</TableCell>
            <TableCell align="right">{t('users.table.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((u) => (
            <TableRow key={u.id} hover data-testid="user-row" data-user-id={u.id}>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{u.id}</TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{u.name}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, wordBreak: 'break-all' }}>{u.email}</TableCell>
              <TableCell>{t(`users.profiles.${u.profile}`, { defaultValue: u.profile })}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <IconButton size="small" aria-label={t('common.edit')} onClick={() => onEdit(u)} data-testid="user-edit">
                  <EditIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={t('common.delete')}
                  onClick={() => onDelete(u)}
                  data-testid="user-delete"
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
          {loading && (
            <TableRow>
              <TableCell colSpan={5} align="center">
                <CircularProgress size={24} />
              </TableCell>
            </TableRow>
          )}
          {!loading && users.length === 0 && (
            <TableRow>
              <TableCell colSpan={5} align="center" sx={{ py: 4, color: 'text.secondary' }} data-testid="empty-state">
                {t('users.empty')}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
