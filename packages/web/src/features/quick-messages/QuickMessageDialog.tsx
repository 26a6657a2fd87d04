/**
 * Add or edit a quick answer (operations §2): shortcode, message with emoji insertion, the
 * "geral" switch (shared with the company) and an optional attachment, uploaded after the
 * answer is saved (`POST /quick-messages/{id}/media-upload`) or removed (`DELETE` there).
 */
import { useRef, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { type QuickMessage, quickMessageBody } from '@balcao/contracts';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { applyServerErrors, useFieldError, withRequired } from '../../lib/forms';
import { toastError, toastSuccess } from '../../lib/toast';
import { FormDialog, FormDialogBody } from '../../lib/ui/FormDialog';
import { AttachmentField } from '../../lib/ui/AttachmentField';
import { usePendingAttachment } from '../../lib/ui/usePendingAttachment';
import { uploadForm } from './attachment';
import { EmojiButton } from './EmojiButton';
import { quickMessagesKey } from './useQuickMessages';

interface Values {
  shortcode: string;
  message: string;
  geral: boolean;
}

const resolver = withRequired(zodResolver(quickMessageBody)) as unknown as Resolver<Values>;

export default function QuickMessageDialog({ record, onClose }: { record?: QuickMessage; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const fieldError = useFieldError();
  const messageRef = useRef<HTMLTextAreaElement | null>(null);
  // Once created, a failed upload leaves an answer to edit, not a second one to create.
  const [savedId, setSavedId] = useState(record?.id);
  const attachment = usePendingAttachment(record?.mediaName);
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver,
    defaultValues: {
      shortcode: record?.shortcode ?? '',
      message: record?.message ?? '',
      geral: record?.geral ?? false,
    },
  });

  /** Puts the emoji where the caret is (or at the end) and keeps typing there. */
  const insertEmoji = (emoji: string) => {
    const el = messageRef.current;
    const value = getValues('message');
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    setValue('message', value.slice(0, start) + emoji + value.slice(end), { shouldDirty: true });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = savedId
        ? await api.put<QuickMessage>(`/quick-messages/${savedId}`, values)
        : await api.post<QuickMessage>('/quick-messages', values);
      setSavedId(saved.id);
      await attachment.save(
        (file) => api.post(`/quick-messages/${saved.id}/media-upload`, uploadForm(file)),
        () => api.delete(`/quick-messages/${saved.id}/media-upload`),
      );
      void qc.invalidateQueries({ queryKey: quickMessagesKey });
      toastSuccess(t('quickMessages.toasts.saved'));
      onClose();
    } catch (err) {
      void qc.invalidateQueries({ queryKey: quickMessagesKey });
      if (!applyServerErrors(err, setError)) toastError(err);
    }
  });

  const { ref: messageFieldRef, ...messageField } = register('message');

  return (
    <FormDialog
      title={record ? t('quickMessages.dialog.editTitle') : t('quickMessages.dialog.addTitle')}
      testId="quick-message-dialog"
      onClose={onClose}
    >
      <FormDialogBody onSubmit={onSubmit} saving={isSubmitting} saveTestId="quick-message-save">
        <Stack spacing={2}>
          <TextField
            {...register('shortcode')}
            label={t('quickMessages.fields.shortcode')}
            autoFocus
            fullWidth
            error={Boolean(errors.shortcode)}
            helperText={fieldError(errors.shortcode) ?? t('quickMessages.hints.shortcode')}
            slotProps={{ input: { startAdornment: <InputAdornment position="start">/</InputAdornment> } }}
          />
          <TextField
            {...messageField}
            inputRef={(el: HTMLTextAreaElement | null) => {
              messageFieldRef(el);
              messageRef.current = el;
            }}
            label={t('quickMessages.fields.message')}
            fullWidth
            multiline
            minRows={4}
            maxRows={12}
            error={Boolean(errors.message)}
            helperText={fieldError(errors.message)}
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end" sx={{ alignSelf: 'flex-start', mt: 1 }}>
                    <EmojiButton onPick={insertEmoji} />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Controller
            control={control}
            name="geral"
            render={({ field }) => (
              <div>
                <FormControlLabel
                  control={
                    <Switch name="geral" checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
                  }
                  label={t('quickMessages.fields.geral')}
                />
                <FormHelperText sx={{ mt: 0 }}>{t('quickMessages.hints.geral')}</FormHelperText>
              </div>
            )}
          />
          <AttachmentField
            {...attachment.field}
            testId="quick-message"
            texts={{
              add: t('quickMessages.attachment.add'),
              replace: t('quickMessages.attachment.replace'),
              remove: t('quickMessages.attachment.remove'),
            }}
          />
        </Stack>
      </FormDialogBody>
    </FormDialog>
  );
}
