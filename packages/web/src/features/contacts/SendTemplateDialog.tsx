/**
 * "Send a template" from the contacts page (Cloud API): the connection (when the company has more
 * than one Cloud API number), then the template picker; `POST /contacts/{id}/template` reuses the
 * contact's live ticket on that connection or opens one, and the app goes to that ticket.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { Connection, Contact, ContactTemplateSent, TemplateSend } from '@balcao/contracts';
import { api } from '../../lib/api';
import { toastSuccess } from '../../lib/toast';
import { SelectField } from '../../lib/ui/SelectField';
import { TemplatePicker } from '../messages/composer/TemplatePicker';

interface Props {
  contact: Contact;
  /** The company's Cloud API connections (at least one). */
  connections: Connection[];
  onClose: () => void;
}

export default function SendTemplateDialog({ contact, connections, onClose }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [whatsappId, setWhatsappId] = useState(String(connections[0]?.id ?? ''));
  const send = async (template: TemplateSend) => {
    const sent = await api.post<ContactTemplateSent>(`/contacts/${contact.id}/template`, {
      whatsappId: Number(whatsappId),
      template,
    });
    toastSuccess(t('contacts.sendTemplate.sent'));
    onClose();
    void navigate(`/tickets/${sent.ticket.uuid}`);
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="send-template-dialog">
      <DialogTitle>{t('contacts.sendTemplate.title', { name: contact.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {connections.length > 1 && (
            <SelectField
              label={t('contacts.sendTemplate.connection')}
              name="whatsappId"
              value={whatsappId}
              onChange={(e) => setWhatsappId(e.target.value)}
              options={connections.map((c) => ({ value: String(c.id), label: c.name }))}
            />
          )}
          <TemplatePicker key={whatsappId} whatsappId={Number(whatsappId)} contact={contact} send={send} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
