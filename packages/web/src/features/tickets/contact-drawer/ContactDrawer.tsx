/**
 * The contact drawer (operations §2): the contact's details with an edit button, the extra
 * information pairs, and the ticket's notes.
 */
import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../lib/ui/ErrorState';
import { PageLoader } from '../../../lib/ui/PageLoader';
import type { Ticket } from '@balcao/contracts';
import { ContactEditDialog } from './ContactEditDialog';
import { TicketNotes } from './TicketNotes';
import { useContact } from './useContact';

export function ContactDrawer({ open, ticket, onClose }: { open: boolean; ticket: Ticket; onClose: () => void }) {
  const { t } = useTranslation();
  const contact = useContact(ticket.contactId, open);
  const [editing, setEditing] = useState(false);
  const c = contact.data;

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      // Above the top bar (which sits over the permanent side menu on wide screens).
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 380 } }, 'data-testid': 'contact-drawer' } as object }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="h6" sx={{ flex: 1, fontSize: 18 }}>
          {t('tickets.contact.title')}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('common.close')} data-testid="contact-drawer-close">
          <CloseIcon />
        </IconButton>
      </Stack>
      <Box sx={{ p: 2, overflowY: 'auto', flex: 1 }}>
        {contact.isLoading ? (
          <PageLoader />
        ) : !c ? (
          <ErrorState onRetry={() => void contact.refetch()} />
        ) : (
          <Stack spacing={2}>
            <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center' }}>
              <Avatar src={c.profilePicUrl || undefined} alt="" sx={{ width: 96, height: 96, fontSize: 36 }}>
                {c.name.slice(0, 1).toUpperCase()}
              </Avatar>
              <Typography variant="h6" sx={{ wordBreak: 'break-word' }} data-testid="contact-name">
                {c.name}
              </Typography>
              <Typography color="text.secondary">+{c.number}</Typography>
              {c.email && (
                <Typography color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                  {c.email}
                </Typography>
              )}
              <Button variant="outlined" size="small" startIcon={<EditIcon />} onClick={() => setEditing(true)} data-testid="contact-edit">
                {t('tickets.contact.edit')}
              </Button>
            </Stack>
            <Divider />
            <Box>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>
                {t('tickets.contact.extraInfo')}
              </Typography>
              {(c.extraInfo ?? []).length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {t('tickets.contact.noExtraInfo')}
                </Typography>
              ) : (
                <Stack spacing={1} data-testid="contact-extra-info">
                  {c.extraInfo.map((x, i) => (
                    <Box key={`${x.name}-${i}`} sx={{ bgcolor: 'action.hover', borderRadius: 1, px: 1.5, py: 0.75 }}>
                      <Typography variant="caption" color="text.secondary">
                        {x.name}
                      </Typography>
                      <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
                        {x.value}
                      </Typography>
                    </Box>
                  ))}
                </Stack>
              )}
            </Box>
            <Divider />
            <Box>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>
                {t('tickets.notes.title')}
              </Typography>
              <TicketNotes ticket={ticket} />
            </Box>
          </Stack>
        )}
      </Box>
      {editing && c && <ContactEditDialog contact={c} onClose={() => setEditing(false)} />}
    </Drawer>
  );
}
