import { useEffect, useRef } from 'react';
import Avatar from '@mui/material/Avatar';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { useTranslation } from 'react-i18next';
import type { Contact } from '@balcao/contracts';

/** Distance from the bottom (px) at which the next page loads (foundation §9). */
const SCROLL_TRIGGER_PX = 100;

interface Props {
  contacts: Contact[];
  loading: boolean;
  hasMore: boolean;
  canDelete: boolean;
  onLoadMore: () => void;
  onStartTicket: (contact: Contact) => void;
  onEdit: (contact: Contact) => void;
  onDelete: (contact: Contact) => void;
}

/** "+" and the digits; a group id is shown as it is. */
export const shownNumber = (c: Pick<Contact, 'number' | 'isGroup'>) => (c.isGroup ? c.number : `+${c.number}`);

export function ContactsTable({
  contacts,
  loading,
  hasMore,
  canDelete,
  onLoadMore,
  onStartTicket,
  onEdit,
  onDelete,
}: Props) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);

  const check = () => {
    const el = box.current;
    if (!el || loading || !hasMore) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < SCROLL_TRIGGER_PX) onLoadMore();
  };
  // A first page shorter than the box cannot be scrolled: load on until it fills.
  useEffect(check);

  // Phones: the number goes under the name; the e-mail shows from 900 px on.
  const notPhone = { display: { xs: 'none', sm: 'table-cell' } };
  const wide = { display: { xs: 'none', md: 'table-cell' } };
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      ref={box}
      onScroll={check}
      sx={{ maxHeight: { xs: 'calc(100vh - 260px)', sm: 'calc(100vh - 190px)' }, minHeight: 200 }}
      data-testid="contacts-table"
    >
      <Table stickyHeader size="small">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" sx={{ pl: { xs: 1, sm: 2 } }} aria-label={t('contacts.table.picture')} />
            <TableCell sx={{ px: { xs: 1, sm: 2 } }}>{t('contacts.table.name')}</TableCell>
            <TableCell sx={notPhone}>{t('contacts.table.number')}</TableCell>
            <TableCell sx={wide}>{t('contacts.table.email')}</TableCell>
            <TableCell align="right">{t('common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {contacts.map((c) => (
            <TableRow key={c.id} hover data-testid="contact-row" data-contact-id={c.id} data-number={c.number}>
              <TableCell padding="checkbox" sx={{ pl: { xs: 1, sm: 2 } }}>
                <Avatar src={c.profilePicUrl || undefined} alt="" sx={{ width: 32, height: 32, fontSize: 14 }}>
                  {c.name.trim().charAt(0).toUpperCase()}
                </Avatar>
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-word', px: { xs: 1, sm: 2 } }}>
                <span data-testid="contact-name">{c.name}</span>
                <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                  {shownNumber(c)}
                </Typography>
              </TableCell>
              <TableCell sx={{ ...notPhone, whiteSpace: 'nowrap' }} data-testid="contact-number">
                {shownNumber(c)}
              </TableCell>
              <TableCell sx={{ ...wide, wordBreak: 'break-all' }}>{c.email}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', px: { xs: 0.5, sm: 2 } }}>
                <Tooltip title={t('contacts.startTicket')}>
                  <IconButton
                    size="small"
                    aria-label={t('contacts.startTicket')}
                    onClick={() => onStartTicket(c)}
                    data-testid="contact-start-ticket"
                  >
                    <WhatsAppIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <IconButton
                  size="small"
                  aria-label={t('common.edit')}
                  onClick={() => onEdit(c)}
                  data-testid="contact-edit"
                >
                  <EditIcon fontSize="small" />
                </IconButton>
                {canDelete && (
                  <IconButton
                    size="small"
                    aria-label={t('common.delete')}
                    onClick={() => onDelete(c)}
                    data-testid="contact-delete"
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                )}
              </TableCell>
            </TableRow>
          ))}
          {loading && (
            <TableRow>
              <TableCell colSpan={5} align="center">
                <CircularProgress size={24} aria-label={t('common.loading')} />
              </TableCell>
            </TableRow>
          )}
          {!loading && contacts.length === 0 && (
            <TableRow>
              <TableCell colSpan={5} align="center" sx={{ py: 4, color: 'text.secondary' }} data-testid="empty-state">
                {t('contacts.empty')}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
