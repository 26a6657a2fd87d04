import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import EventIcon from '@mui/icons-material/EventAvailableOutlined';
import TemplateIcon from '@mui/icons-material/TextSnippetOutlined';
import { useTranslation } from 'react-i18next';
import type { Contact } from '@balcao/contracts';
import { EditDeleteButtons } from '../../lib/ui/EditDeleteButtons';
import { InfiniteTable, type TableRows } from '../../lib/ui/InfiniteTable';

interface Props extends TableRows<Contact> {
  canDelete: boolean;
  onStartTicket: (contact: Contact) => void;
  /** A message to schedule for the contact (the plan has schedules): opens /schedules?contactId=. */
  onSchedule?: (contact: Contact) => void;
  /** Cloud API: a template to the contact (shown when the company has a Cloud API connection). */
  onSendTemplate?: (contact: Contact) => void;
  onEdit: (contact: Contact) => void;
  onDelete: (contact: Contact) => void;
}

/** "+" and the digits; a group id is shown as it is. */
export const shownNumber = (c: Pick<Contact, 'number' | 'isGroup'>) => (c.isGroup ? c.number : `+${c.number}`);

/** The title row wraps to two lines on phones (search, import, export, add): a shorter box there. */
const BOX_HEIGHT = { xs: 'max(200px, calc(100vh - 260px))', sm: 'max(200px, calc(100vh - 190px))' };

/** Phones: the number goes under the name; the e-mail shows from 900 px on. */
export function ContactsTable({
  canDelete,
  onStartTicket,
  onSchedule,
  onSendTemplate,
  onEdit,
  onDelete,
  ...rows
}: Props) {
  const { t } = useTranslation();
  return (
    <InfiniteTable
      {...rows}
      testId="contacts-table"
      emptyText={t('contacts.empty')}
      maxHeight={BOX_HEIGHT}
      rowProps={(c) => ({ 'data-testid': 'contact-row', 'data-contact-id': c.id, 'data-number': c.number })}
      columns={[
        {
          label: t('contacts.table.picture'),
          hideLabel: true,
          padding: 'checkbox',
          sx: { pl: { xs: 1, sm: 2 } },
          cell: (c) => (
            <Avatar src={c.profilePicUrl || undefined} alt="" sx={{ width: 32, height: 32, fontSize: 14 }}>
              {c.name.trim().charAt(0).toUpperCase()}
            </Avatar>
          ),
        },
        {
          label: t('contacts.table.name'),
          sx: { wordBreak: 'break-word', px: { xs: 1, sm: 2 } },
          cell: (c) => (
            <>
              <span data-testid="contact-name">{c.name}</span>
              <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                {shownNumber(c)}
              </Typography>
            </>
          ),
        },
        {
          label: t('contacts.table.number'),
          hideBelow: 'sm',
          sx: { whiteSpace: 'nowrap' },
          testId: 'contact-number',
          cell: shownNumber,
        },
        { label: t('contacts.table.email'), hideBelow: 'md', sx: { wordBreak: 'break-all' }, cell: (c) => c.email },
        {
          label: t('common.actions'),
          align: 'right',
          sx: { px: { xs: 0.5, sm: 2 } },
          cell: (c) => (
            <EditDeleteButtons
              testId="contact"
              onEdit={() => onEdit(c)}
              onDelete={canDelete ? () => onDelete(c) : undefined}
              leading={
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
              }
              children={
                <>
                  {onSendTemplate && (
                    <Tooltip title={t('contacts.sendTemplate.action')}>
                      <IconButton
                        size="small"
                        aria-label={t('contacts.sendTemplate.action')}
                        onClick={() => onSendTemplate(c)}
                        data-testid="contact-send-template"
                      >
                        <TemplateIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                  {onSchedule && (
                    <Tooltip title={t('contacts.scheduleMessage')}>
                      <IconButton
                        size="small"
                        aria-label={t('contacts.scheduleMessage')}
                        onClick={() => onSchedule(c)}
                        data-testid="contact-schedule"
                      >
                        <EventIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </>
              }
            />
          ),
        },
      ]}
    />
  );
}
