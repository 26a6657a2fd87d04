/**
 * Add or edit an announcement (operations §2): title, text, priority, status and an optional
 * image (png, jpg, jpeg), uploaded after the announcement is saved or removed from it.
 */
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import { useTranslation } from 'react-i18next';
import {
  announcementBody,
  ANNOUNCEMENT_MEDIA_MAX_BYTES,
  ANNOUNCEMENT_MEDIA_TYPES,
  type Announcement,
} from '@balcao/contracts';
import { api } from '../../lib/api';
import { applyServerErrors, useFieldError, withRequired } from '../../lib/forms';
import { toastError, toastSuccess } from '../../lib/toast';
import { AttachmentField } from '../../lib/ui/AttachmentField';
import { BoolSelect } from '../../lib/ui/BoolSelect';
import { FormDialog, FormDialogBody } from '../../lib/ui/FormDialog';
import { SelectField } from '../../lib/ui/SelectField';
import { usePendingAttachment } from '../../lib/ui/usePendingAttachment';
import { announcementsKey, uploadForm } from './announcementsApi';

interface Values {
  title: string;
  text: string;
  priority: number;
  status: boolean;
}

const resolver = withRequired(zodResolver(announcementBody)) as unknown as Resolver<Values>;
const ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';

export default function AnnouncementDialog({ record, onClose }: { record?: Announcement; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const fieldError = useFieldError();
  // Once created, a failed upload leaves an announcement to edit, not a second one to create.
  const [savedId, setSavedId] = useState(record?.id);
  const attachment = usePendingAttachment(record?.mediaName, (file) => {
    if (!(ANNOUNCEMENT_MEDIA_TYPES as readonly string[]).includes(file.type)) return t('announcements.attachment.type');
    if (file.size > ANNOUNCEMENT_MEDIA_MAX_BYTES) return t('announcements.attachment.size');
    return undefined;
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver,
    defaultValues: {
      title: record?.title ?? '',
      text: record?.text ?? '',
      priority: record?.priority ?? 3,
      status: record?.status ?? true,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = savedId
        ? await api.put<Announcement>(`/announcements/${savedId}`, values)
        : await api.post<Announcement>('/announcements', values);
      setSavedId(saved.id);
      await attachment.save(
        (file) => api.post(`/announcements/${saved.id}/media-upload`, uploadForm(file)),
        () => api.delete(`/announcements/${saved.id}/media-upload`),
      );
      void qc.invalidateQueries({ queryKey: announcementsKey });
      toastSuccess(t('announcements.toasts.saved'));
      onClose();
    } catch (err) {
      void qc.invalidateQueries({ queryKey: announcementsKey });
      if (!applyServerErrors(err, setError)) toastError(err);
    }
  });

  return (
    <FormDialog
      title={record ? t('announcements.dialog.editTitle') : t('announcements.dialog.addTitle')}
      testId="announcement-dialog"
      onClose={onClose}
    >
      <FormDialogBody onSubmit={onSubmit} saving={isSubmitting} saveTestId="announcement-save">
        <Stack spacing={2}>
          <TextField
            {...register('title')}
            label={t('announcements.fields.title')}
            autoFocus
            fullWidth
            error={Boolean(errors.title)}
            helperText={fieldError(errors.title)}
          />
          <TextField
            {...register('text')}
            label={t('announcements.fields.text')}
            fullWidth
            multiline
            minRows={4}
            maxRows={12}
            error={Boolean(errors.text)}
            helperText={fieldError(errors.text)}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Controller
              control={control}
              name="priority"
              render={({ field }) => (
                <SelectField
                  name="priority"
                  label={t('announcements.fields.priority')}
                  fullWidth
                  value={String(field.value)}
                  onChange={(e) => field.onChange(Number(e.target.value))}
                  options={[1, 2, 3].map((p) => ({ value: String(p), label: t(`announcements.priorities.${p}`) }))}
                />
              )}
            />
            <Controller
              control={control}
              name="status"
              render={({ field }) => (
                <BoolSelect
                  name="status"
                  label={t('announcements.fields.status')}
                  value={field.value}
                  onChange={field.onChange}
                  trueLabel={t('announcements.status.active')}
                  falseLabel={t('announcements.status.inactive')}
                />
              )}
            />
          </Stack>
          <AttachmentField
            {...attachment.field}
            testId="announcement"
            accept={ACCEPT}
            icon={<ImageIcon />}
            texts={{
              add: t('announcements.attachment.add'),
              replace: t('announcements.attachment.replace'),
              remove: t('announcements.attachment.remove'),
              hint: t('announcements.attachment.hint'),
            }}
          />
        </Stack>
      </FormDialogBody>
    </FormDialog>
  );
}
