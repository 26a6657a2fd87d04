/**
 * Campaign settings (automation §2, §9): the pauses between a campaign's sends — the random
 * interval (0–20 s), after how many sends a longer one comes, and that longer one — and the custom
 * message variables. Saved together (`POST /campaign-settings`).
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SaveIcon from '@mui/icons-material/Save';
import { useTranslation } from 'react-i18next';
import {
  CAMPAIGN_GREATER_INTERVALS,
  CAMPAIGN_LONGER_INTERVAL_AFTER,
  CAMPAIGN_MESSAGE_INTERVALS,
} from '@balcao/contracts';
import { toastError, toastSuccess } from '../../lib/toast';
import { ErrorState } from '../../lib/ui/ErrorState';
import { PageContainer } from '../../lib/ui/PageContainer';
import { PageLoader } from '../../lib/ui/PageLoader';
import { SelectField } from '../../lib/ui/SelectField';
import { CampaignVariablesField } from './CampaignVariablesField';
import { useCampaignSettings, useSaveCampaignSettings, type CampaignSettings } from './useCampaignSettings';

type IntervalKey = 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval';

/** A stored value the choices lack (the API takes any) stays offered, so saving keeps it. */
const withValue = (choices: readonly number[], value: number) =>
  choices.includes(value) ? [...choices] : [...choices, value].sort((a, b) => a - b);

export default function CampaignSettingsPage() {
  const { t } = useTranslation();
  const settings = useCampaignSettings();
  return (
    <PageContainer title={t('campaigns.settings.title')}>
      {settings.isLoading ? (
        <PageLoader />
      ) : settings.isError || !settings.data ? (
        <ErrorState onRetry={() => void settings.refetch()} />
      ) : (
        <SettingsForm initial={settings.data} />
      )}
    </PageContainer>
  );
}

function SettingsForm({ initial }: { initial: CampaignSettings }) {
  const { t } = useTranslation();
  const save = useSaveCampaignSettings();
  const [values, setValues] = useState(initial);

  const interval = (key: IntervalKey, choices: readonly number[], label: (n: number) => string) => (
    <SelectField
      name={key}
      label={t(`campaigns.settings.${key}`)}
      fullWidth
      value={String(values[key])}
      onChange={(e) => setValues((v) => ({ ...v, [key]: Number(e.target.value) }))}
      options={withValue(choices, values[key]).map((n) => ({ value: String(n), label: label(n) }))}
      slotProps={{ htmlInput: { 'data-testid': `campaign-settings-${key}` } }}
    />
  );
  const seconds = (n: number) =>
    n === 0 ? t('campaigns.settings.noInterval') : t('campaigns.settings.seconds', { count: n });

  const onSave = () =>
    save.mutate(values, {
      onSuccess: () => toastSuccess(t('campaigns.toasts.settingsSaved')),
      onError: (err) => toastError(err),
    });

  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }}>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 } }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('campaigns.settings.intervals')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          {interval('messageInterval', CAMPAIGN_MESSAGE_INTERVALS, seconds)}
          {interval('longerIntervalAfter', CAMPAIGN_LONGER_INTERVAL_AFTER, (n) =>
            n === 0 ? t('campaigns.settings.notSet') : t('campaigns.settings.messages', { count: n }),
          )}
          {interval('greaterInterval', CAMPAIGN_GREATER_INTERVALS, seconds)}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('campaigns.settings.intervalsHint')}
        </Typography>
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 } }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('campaigns.settings.variables')}
        </Typography>
        <CampaignVariablesField
          value={values.variables}
          onChange={(variables) => setValues((v) => ({ ...v, variables }))}
        />
      </Paper>
      <Box>
        <Button
          variant="contained"
          startIcon={<SaveIcon />}
          onClick={onSave}
          disabled={save.isPending}
          data-testid="campaign-settings-save"
        >
          {t('common.save')}
        </Button>
      </Box>
    </Stack>
  );
}
