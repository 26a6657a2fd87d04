/**
 * New or edit schedule (operations §2, §5): the contact (search), the message (5 characters at
 * least: 'Mensagem muito curta'), when (default now + 1 h, required) and an optional image (png,
 * jpg, jpeg), uploaded after the schedule is saved (`POST /schedules/{id}/media-upload`) or
 * removed (`DELETE` there). The time is typed on the company's clock (its zone shown beside it),
 * sent as the instant it names there. When the contact's
 * message would go through a Cloud API connection (`GET /schedules/connection`), one of its
 * approved templates may be picked instead (needed outside the customer's 24-hour window).
 */
import { useState } from 'react';
import { Controller, useForm, type FieldError, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { scheduleBody, type Schedule, type ScheduleConnection } from '@balcao/contracts';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../../lib/api';
import { useFieldError, withRequired } from '../../lib/forms';
import { toastError, toastSuccess } from '../../lib/toast';
import { FormDialog, FormDialogBody } from '../../lib/ui/FormDialog';
import { ContactSearchField } from '../contacts/ContactSearchField';
import type { ScheduleContact } from './scheduleContact';
import { AttachmentField } from '../../lib/ui/AttachmentField';
import { usePendingAttachment } from '../../lib/ui/usePendingAttachment';
import { defaultSendAt } from './sendAt';
import { fromZonedInput, toZonedInput } from '../../lib/zonedTime';
import { ZonedDateTimeField } from '../../lib/ui/ZonedDateTimeField';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { schedulesKey } from './useSchedules';
import { CampaignTemplateField, type TemplateChoice } from '../campaigns/CampaignTemplateField';

interface Values {
  contact: ScheduleContact | null;
  body: string;
  sendAt: string;
  template: TemplateChoice;
}

/** The text's placeholders, filled when the message is sent. */
const VARIABLES = '{{firstName}} {{name}} {{ms}} {{protocol}} {{date}} {{hora}}';

/** The contracts' rules for the text and the time; the contact is required. */
const textAndTime = withRequired(
  zodResolver(scheduleBody.pick({ body: true, sendAt: true })),
) as unknown as Resolver<Values>;
const resolver: Resolver<Values> = async (values, context, options) => {
  const result = await textAndTime(values, context, options);
  if (!values.contact)
    return { values: {}, errors: { ...result.errors, contact: { type: 'required', message: 'required' } } };
  // The schema knows the text and the time only: the contact and the template ride along.
  return Object.keys(result.errors).length
    ? result
    : { values: { ...(result.values as Values), contact: values.contact, template: values.template }, errors: {} };
};

/** Whether a picked file is one of the images a schedule takes (png, jpg, jpeg: operations §5). */
const isScheduleImage = (file: File) =>
  ['image/png', 'image/jpeg'].includes(file.type) && /\.(png|jpe?g)$/i.test(file.name);

/** The server's field names as the form's. */
const FORM_FIELD: Record<string, keyof Values> = {
  contactId: 'contact',
  body: 'body',
  sendAt: 'sendAt',
  templateName: 'template',
  templateLanguage: 'template',
  templateVariables: 'template',
};

export interface ScheduleDialogProps {
  /** The schedule to edit; none for a new one. */
  record?: Schedule;
  /** A new schedule's contact (`?contactId=`) and time (a slot picked on the calendar). */
  contact?: ScheduleContact;
  sendAt?: string;
  onClose: () => void;
}

export default function ScheduleDialog({ record, contact, sendAt, onClose }: ScheduleDialogProps) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const fieldError = useFieldError();
  const timeZone = useCurrentUser().company.timezone;
  // Once created, a failed upload leaves a schedule to edit, not a second one to create.
  const [savedId, setSavedId] = useState(record?.id);
  const attachment = usePendingAttachment(record?.mediaName, (picked) =>
    isScheduleImage(picked) ? undefined : t('schedules.validation.imageOnly'),
  );
  const {
    register,
    control,
    watch,
    setValue,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver,
    defaultValues: {
      contact: record?.contact ?? contact ?? null,
      body: record?.body ?? '',
      sendAt: record ? toZonedInput(record.sendAt, timeZone) : (sendAt ?? defaultSendAt(timeZone)),
      template: {
        name: record?.templateName ?? '',
        language: record?.templateLanguage ?? '',
        variables: record?.templateVariables ?? [],
      },
    },
  });
  const contactId = watch('contact')?.id;
  const connection = useQuery({
    queryKey: ['schedules', 'connection', contactId],
    queryFn: () => api.get<ScheduleConnection>('/schedules/connection', { contactId: contactId! }),
    enabled: contactId !== undefined,
    staleTime: 60_000,
  });

  const onSubmit = handleSubmit(async ({ contact: picked, body, sendAt: at, template }) => {
    // A template only when the contact's connection is a Cloud API one (else none: free text).
    const tpl = connection.data?.whatsapp?.provider === 'cloud' && template.name ? template : null;
    const payload = {
      body,
      contactId: picked!.id,
      sendAt: fromZonedInput(at, timeZone) ?? at,
      templateName: tpl?.name ?? null,
      templateLanguage: tpl?.language ?? null,
      templateVariables: tpl?.variables.map((v) => v.trim()) ?? null,
    };
    try {
      const saved = savedId
        ? await api.put<Schedule>(`/schedules/${savedId}`, payload)
        : await api.post<Schedule>('/schedules', payload);
      setSavedId(saved.id);
      await attachment.save(
        (file) => {
          const form = new FormData();
          form.append('file', file, file.name.replace(/\s/g, '_'));
          return api.post(`/schedules/${saved.id}/media-upload`, form);
        },
        () => api.delete(`/schedules/${saved.id}/media-upload`),
      );
      void qc.invalidateQueries({ queryKey: schedulesKey });
      toastSuccess(t('schedules.toasts.saved'));
      onClose();
    } catch (err) {
      void qc.invalidateQueries({ queryKey: schedulesKey });
      const fields = isApiError(err) && err.code === 'ERR_VALIDATION' ? Object.entries(err.fields ?? {}) : [];
      if (fields.length === 0) return toastError(err);
      for (const [field, message] of fields) {
        if (field === 'file') attachment.setError(fieldError({ message }));
        else
          setError(
            FORM_FIELD[field] ?? (field.startsWith('template') ? 'template' : 'body'),
            { type: 'server', message },
            { shouldFocus: true },
          );
      }
    }
  });

  const bodyError =
    errors.body?.message === 'tooShort' ? t('schedules.validation.bodyTooShort') : fieldError(errors.body);

  return (
    <FormDialog
      title={record ? t('schedules.dialog.editTitle') : t('schedules.dialog.addTitle')}
      testId="schedule-dialog"
      onClose={onClose}
    >
      <FormDialogBody onSubmit={onSubmit} saving={isSubmitting} saveTestId="schedule-save">
        <Stack spacing={2}>
          <Controller
            control={control}
            name="contact"
            render={({ field }) => (
              <ContactSearchField
                value={field.value}
                onChange={field.onChange}
                error={fieldError(errors.contact)}
                label={t('schedules.fields.contact')}
                typeMoreText={t('schedules.contactTypeMore')}
                noneText={t('schedules.noContacts')}
                testId="schedule-contact-search"
                required
                autoFocus={!field.value}
              />
            )}
          />
          <TextField
            {...register('body')}
            label={t('schedules.fields.body')}
            required
            autoFocus={Boolean(record ?? contact)}
            fullWidth
            multiline
            minRows={4}
            maxRows={12}
            error={Boolean(errors.body)}
            helperText={bodyError ?? t('schedules.hints.body', { variables: VARIABLES })}
            slotProps={{ htmlInput: { 'data-testid': 'schedule-body' } }}
          />
          <Controller
            control={control}
            name="sendAt"
            render={({ field }) => (
              <ZonedDateTimeField
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                name={field.name}
                inputRef={field.ref}
                timeZone={timeZone}
                label={t('schedules.fields.sendAt')}
                required
                error={fieldError(errors.sendAt)}
                testId="schedule-send-at"
              />
            )}
          />
          <CampaignTemplateField
            connection={connection.data?.whatsapp ?? undefined}
            value={watch('template')}
            onChange={(v) => setValue('template', v)}
            error={fieldError(errors.template as FieldError | undefined)}
            texts={{ hint: t('schedules.template.hint'), none: t('schedules.template.none') }}
            testId="schedule"
          />
          <AttachmentField
            {...attachment.field}
            testId="schedule"
            texts={{
              add: t('schedules.attachment.add'),
              replace: t('schedules.attachment.replace'),
              remove: t('schedules.attachment.remove'),
              hint: t('schedules.hints.attachment'),
            }}
            accept=".png,.jpg,.jpeg,image/png,image/jpeg"
            icon={<ImageIcon />}
          />
        </Stack>
      </FormDialogBody>
    </FormDialog>
  );
}
