/**
 * New, edit or view a campaign (automation §2, §4, §5): name, contact list, tag list (Nenhuma =
 * every contact), connection, when (typed on the company's clock, its zone shown; empty = not
 * scheduled), file list, five messages, an attachment uploaded once the campaign is saved.
 * Editable while INATIVA or PROGRAMADA more than an hour ahead; a CANCELADA one changes its
 * messages only; otherwise the form is read-only.
 */
import { useState } from 'react';
import { Controller, useForm, type FieldError, type FieldErrors } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { useTranslation } from 'react-i18next';
import {
  CAMPAIGN_MESSAGE_KEYS,
  MEDIA_MAX_BYTES,
  campaignBody,
  type CampaignBody,
  type CampaignDetail,
  type CampaignMessageKey,
} from '@balcao/contracts';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { isApiError } from '../../lib/api';
import { lengthRule } from '../../lib/fieldMessage';
import { useFieldError } from '../../lib/forms';
import { toastError, toastSuccess } from '../../lib/toast';
import { FormDialog, FormDialogBody } from '../../lib/ui/FormDialog';
import { SelectField } from '../../lib/ui/SelectField';
import { AttachmentField } from '../../lib/ui/AttachmentField';
import { ZonedDateTimeField } from '../../lib/ui/ZonedDateTimeField';
import { usePendingAttachment } from '../../lib/ui/usePendingAttachment';
import { CampaignMessageTabs } from './CampaignMessageTabs';
import { campaignEditing, type CampaignEditing } from './campaignEditing';
import { campaignFormValues, campaignPayload, campaignResolver, type CampaignFormValues } from './campaignForm';
import { useCampaignChoices } from './useCampaignChoices';
import { CampaignTemplateField } from './CampaignTemplateField';
import { campaignsKey, removeCampaignMedia, saveCampaign, uploadCampaignMedia, useCampaign } from './useCampaigns';

const NAME_RULE = lengthRule(campaignBody.shape.name);
const FORM_FIELDS = new Set<string>([
  'name',
  'contactListId',
  'tagListId',
  'whatsappId',
  'scheduledAt',
  'fileListId',
  'templateName',
  'templateLanguage',
  'templateVariables',
  ...CAMPAIGN_MESSAGE_KEYS,
]);

export default function CampaignDialog({ campaignId, onClose }: { campaignId?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const campaign = useCampaign(campaignId);
  const choices = useCampaignChoices();
  const mode = campaign.data ? campaignEditing(campaign.data) : 'all';
  const title = !campaignId
    ? t('campaigns.dialog.addTitle')
    : mode === 'none'
      ? t('campaigns.dialog.viewTitle')
      : t('campaigns.dialog.editTitle');
  return (
    <FormDialog
      title={title}
      testId="campaign-dialog"
      maxWidth="md"
      onClose={onClose}
      // The form takes its values once: from this opening's read, not an older copy.
      loading={(Boolean(campaignId) && !campaign.isFetchedAfterMount && !campaign.isError) || choices.loading}
      failed={Boolean(campaignId) && campaign.isError}
      onRetry={() => void campaign.refetch()}
    >
      <CampaignForm campaign={campaign.data} editing={mode} choices={choices} onClose={onClose} />
    </FormDialog>
  );
}

interface FormProps {
  campaign: CampaignDetail | undefined;
  editing: CampaignEditing;
  choices: ReturnType<typeof useCampaignChoices>;
  onClose: () => void;
}

function CampaignForm({ campaign, editing: openedAs, choices, onClose }: FormProps) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const fieldError = useFieldError();
  const timeZone = useCurrentUser().company.timezone;
  // Once created, a failed upload leaves a campaign to edit, not a second one to create.
  const [savedId, setSavedId] = useState(campaign?.id);
  const attachment = usePendingAttachment(campaign?.mediaName, (picked) =>
    picked.size > MEDIA_MAX_BYTES ? t('campaigns.validation.fileTooLarge') : undefined,
  );
  const [tab, setTab] = useState<CampaignMessageKey>('message1');
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CampaignFormValues, unknown, CampaignBody>({
    resolver: campaignResolver,
    defaultValues: campaignFormValues(campaign, timeZone),
  });
  // Kept as the form opened: a change that came too late is the server's to refuse (409).
  const [editing] = useState(openedAs);
  const fieldsLocked = editing !== 'all';

  /** The first message tab with a problem comes forward when nothing above it has one. */
  const showMessageTab = (fieldErrors: FieldErrors<CampaignFormValues>) => {
    const first = CAMPAIGN_MESSAGE_KEYS.find((k) => fieldErrors[k]);
    if (first) setTab(first);
  };

  const onSubmit = handleSubmit(async (parsed) => {
    try {
      const saved = await saveCampaign(savedId, campaignPayload(parsed, editing, timeZone));
      setSavedId(saved.id);
      if (!fieldsLocked) {
        await attachment.save(
          (file) => uploadCampaignMedia(saved.id, file),
          () => removeCampaignMedia(saved.id),
        );
      }
      void qc.invalidateQueries({ queryKey: campaignsKey });
      toastSuccess(t('campaigns.toasts.saved'));
      onClose();
    } catch (err) {
      void qc.invalidateQueries({ queryKey: campaignsKey });
      const fields = isApiError(err) && err.code === 'ERR_VALIDATION' ? Object.entries(err.fields ?? {}) : [];
      const known = fields.filter(([field]) => FORM_FIELDS.has(field) || field === 'file' || field === 'mediaPath');
      if (known.length === 0) return toastError(err);
      known.forEach(([field, message], i) => {
        if (field === 'file' || field === 'mediaPath') attachment.setError(fieldError({ message }));
        else setError(field as keyof CampaignFormValues, { type: 'server', message }, { shouldFocus: i === 0 });
      });
      showMessageTab(Object.fromEntries(known) as FieldErrors<CampaignFormValues>);
    }
  }, showMessageTab);

  const select = (name: 'contactListId' | 'tagListId' | 'whatsappId' | 'fileListId') => ({
    ...register(name),
    fullWidth: true,
    disabled: fieldsLocked,
    error: Boolean(errors[name]),
    slotProps: { htmlInput: { 'data-testid': `campaign-${name}` } },
  });

  const fields = (
    <Stack spacing={2}>
      {editing !== 'all' && (
        <Alert severity="info" data-testid="campaign-locked">
          {editing === 'messages' ? t('campaigns.locked.messagesOnly') : t('campaigns.locked.readOnly')}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          {...register('name')}
          label={t('campaigns.fields.name')}
          required
          autoFocus={!fieldsLocked}
          fullWidth
          disabled={fieldsLocked}
          error={Boolean(errors.name)}
          helperText={fieldError(errors.name, NAME_RULE)}
          slotProps={{ htmlInput: { 'data-testid': 'campaign-name' } }}
        />
        <SelectField
          {...select('whatsappId')}
          label={t('campaigns.fields.whatsapp')}
          required
          placeholder={t('campaigns.choose')}
          options={choices.connections.map((c) => ({ value: String(c.id), label: c.name }))}
          helperText={
            errors.whatsappId?.message === 'required'
              ? t('campaigns.validation.whatsappRequired')
              : fieldError(errors.whatsappId)
          }
        />
        <SelectField
          {...select('contactListId')}
          label={t('campaigns.fields.contactList')}
          required
          placeholder={t('campaigns.choose')}
          options={choices.contactLists.map((l) => ({ value: String(l.id), label: l.name }))}
          helperText={
            errors.contactListId?.message === 'required'
              ? t('campaigns.validation.contactListRequired')
              : fieldError(errors.contactListId)
          }
        />
        <SelectField
          {...select('tagListId')}
          label={t('campaigns.fields.tagList')}
          placeholder={t('campaigns.none')}
          options={choices.tags.map((tag) => ({ value: String(tag.id), label: tag.name }))}
          helperText={fieldError(errors.tagListId) ?? t('campaigns.hints.tagList')}
        />
        <Controller
          control={control}
          name="scheduledAt"
          render={({ field }) => (
            <ZonedDateTimeField
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              inputRef={field.ref}
              timeZone={timeZone}
              label={t('campaigns.fields.scheduledAt')}
              disabled={fieldsLocked}
              error={fieldError(errors.scheduledAt)}
              hint={t('campaigns.hints.scheduledAt')}
              testId="campaign-scheduledAt"
            />
          )}
        />
        <SelectField
          {...select('fileListId')}
          label={t('campaigns.fields.fileList')}
          placeholder={t('campaigns.none')}
          options={choices.fileLists.map((f) => ({ value: String(f.id), label: f.name }))}
          helperText={fieldError(errors.fileListId)}
        />
      </Box>
      <CampaignTemplateField
        connection={choices.connections.find((c) => String(c.id) === watch('whatsappId'))}
        value={{
          name: watch('templateName'),
          language: watch('templateLanguage'),
          variables: watch('templateVariables'),
        }}
        onChange={(v) => {
          setValue('templateName', v.name);
          setValue('templateLanguage', v.language);
          setValue('templateVariables', v.variables);
        }}
        disabled={fieldsLocked}
        error={fieldError(errors.templateName) ?? fieldError(errors.templateVariables as FieldError | undefined)}
      />
      <CampaignMessageTabs
        register={register}
        setValue={setValue}
        getValues={getValues}
        errors={errors}
        customKeys={choices.variables.map((v) => v.key)}
        disabled={editing === 'none'}
        tab={tab}
        onTab={setTab}
      />
      <AttachmentField
        {...attachment.field}
        disabled={fieldsLocked}
        testId="campaign"
        texts={{
          add: t('campaigns.attachment.add'),
          replace: t('campaigns.attachment.replace'),
          remove: t('campaigns.attachment.remove'),
          hint: t('campaigns.hints.attachment'),
          none: t('campaigns.attachment.none'),
        }}
        chipIcon={<AttachFileIcon />}
      />
    </Stack>
  );

  if (editing === 'none') {
    return (
      <>
        <DialogContent dividers>{fields}</DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid="campaign-close">
            {t('common.close')}
          </Button>
        </DialogActions>
      </>
    );
  }
  return (
    <FormDialogBody onSubmit={onSubmit} saving={isSubmitting} saveTestId="campaign-save">
      {fields}
    </FormDialogBody>
  );
}
