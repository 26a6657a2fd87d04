/**
 * New or edit chat (operations §2): a title and the colleagues in it. Without a title or a
 * colleague the save is refused with the spec's alerts (fillTitle, fillUser). The caller owns a
 * new chat and stays in it whatever the list says.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { Chat, UserOption } from '@balcao/contracts';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { api } from '../../lib/api';
import { toastError, toastErrorText } from '../../lib/toast';
import { FormDialog, FormDialogBody } from '../../lib/ui/FormDialog';
import { upsertChat, type ChatPages } from './chatCache';
import { chatListKey, saveChat } from './chatsApi';

type Member = Pick<UserOption, 'id' | 'name'>;

interface Props {
  chat?: Chat;
  onClose: () => void;
  onSaved: (chat: Chat) => void;
}

export default function ChatDialog({ chat, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const qc = useQueryClient();
  const users = useQuery({ queryKey: ['users', 'list'], queryFn: () => api.get<UserOption[]>('/users/list') });
  const [title, setTitle] = useState(chat?.title ?? '');
  const [members, setMembers] = useState<Member[]>(
    chat?.users.filter((u) => u.userId !== me.id).map((u) => ({ id: u.userId, name: u.user.name })) ?? [],
  );
  const [saving, setSaving] = useState(false);
  const options: Member[] = (users.data ?? []).filter((u) => u.id !== me.id).map((u) => ({ id: u.id, name: u.name }));

  const onSubmit = async () => {
    if (!title.trim()) return toastErrorText(t('chats.alerts.fillTitle'));
    if (members.length === 0) return toastErrorText(t('chats.alerts.fillUser'));
    setSaving(true);
    try {
      const saved = await saveChat(chat?.id, { title: title.trim(), users: members.map((m) => ({ id: m.id })) });
      qc.setQueryData<ChatPages>(chatListKey, (d) => upsertChat(d, saved));
      onSaved(saved);
    } catch (err) {
      toastError(err);
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title={chat ? t('chats.dialog.editTitle') : t('chats.dialog.addTitle')}
      testId="chat-dialog"
      onClose={onClose}
    >
      <FormDialogBody onSubmit={onSubmit} saving={saving} saveTestId="chat-save">
        <Stack spacing={2}>
          <TextField
            label={t('chats.fields.title')}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            autoFocus
            fullWidth
            name="title"
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <Autocomplete
            multiple
            options={options}
            value={members}
            loading={users.isLoading}
            onChange={(_e, value) => setMembers(value)}
            getOptionLabel={(o) => o.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            filterSelectedOptions
            renderValue={(value, getItemProps) =>
              value.map((option, index) => {
                const { key, ...item } = getItemProps({ index });
                return <Chip key={key} {...item} size="small" label={option.name} />;
              })
            }
            renderInput={(params) => (
              <TextField {...params} label={t('chats.fields.users')} placeholder={t('chats.fields.usersHint')} />
            )}
            noOptionsText={t('chats.noUsers')}
            data-testid="chat-users"
          />
        </Stack>
      </FormDialogBody>
    </FormDialog>
  );
}
