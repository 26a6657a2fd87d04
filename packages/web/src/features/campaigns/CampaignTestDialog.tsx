/**
 * "Enviar teste": the saved campaign's message (its first variant or template, and its files) to
 * one number of the user's own (`POST /campaigns/{id}/test`). The number starts as the last one
 * typed on this browser, else the company's phone; a connection not connected is refused with
 * its reason (409), a number that is none with the field's.
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { campaignTestBody, type Campaign, type CampaignTestBody, type CampaignTestResponse } from '@balcao/contracts';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { api } from '../../lib/api';
import { applyServerErrors, useFieldError, withRequired } from '../../lib/forms';
import { toastError, toastSuccess } from '../../lib/toast';
import { FormDialog, FormDialogBody } from '../../lib/ui/FormDialog';

/** The last number a test went to, per browser. */
const LAST_NUMBER_KEY = 'balcao.campaignTestNumber';
const resolver = withRequired(zodResolver(campaignTestBody));

export function CampaignTestDialog({ campaign, onClose }: { campaign: Campaign; onClose: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const company = useCurrentUser().company;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CampaignTestBody>({
    resolver,
    defaultValues: { number: localStorage.getItem(LAST_NUMBER_KEY) ?? company.phone ?? '' },
  });

  const onSubmit = handleSubmit(async ({ number }) => {
    try {
      const sent = await api.post<CampaignTestResponse>(`/campaigns/${campaign.id}/test`, { number });
      localStorage.setItem(LAST_NUMBER_KEY, number);
      toastSuccess(t('campaigns.test.sent', { number: `+${sent.number}` }));
      onClose();
    } catch (err) {
      if (!applyServerErrors(err, setError)) toastError(err);
    }
  });

  return (
    <FormDialog
      title={t('campaigns.test.title', { name: campaign.name })}
      testId="campaign-test-dialog"
      onClose={onClose}
    >
      <FormDialogBody
        onSubmit={onSubmit}
        saving={isSubmitting}
        saveTestId="campaign-test-send"
        saveLabel={t('campaigns.test.send')}
      >
        <Stack spacing={2}>
          <Alert severity="info">{t('campaigns.test.hint')}</Alert>
          {campaign.whatsapp && campaign.whatsapp.status !== 'CONNECTED' && (
            <Alert severity="warning" data-testid="campaign-test-disconnected">
              {t('campaigns.actions.disconnected', { name: campaign.whatsapp.name })}
            </Alert>
          )}
          <TextField
            {...register('number')}
            label={t('campaigns.test.number')}
            required
            autoFocus
            fullWidth
            type="tel"
            error={Boolean(errors.number)}
            helperText={fieldError(errors.number) ?? t('campaigns.test.numberHint')}
            slotProps={{ htmlInput: { 'data-testid': 'campaign-test-number', inputMode: 'tel' } }}
          />
        </Stack>
      </FormDialogBody>
    </FormDialog>
  );
}
