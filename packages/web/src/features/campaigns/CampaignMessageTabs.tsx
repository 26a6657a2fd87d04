/**
 * The five message variants (automation §2), one tab each; a contact gets one of the non-empty
 * ones. Under the text, the variables a message may hold ({{name}} … and the settings' own):
 * picking one adds it to the message shown.
 */
import type { FieldErrors, UseFormGetValues, UseFormRegister, UseFormSetValue } from 'react-hook-form';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_MESSAGE_KEYS, type CampaignMessageKey } from '@balcao/contracts';
import { useFieldError } from '../../lib/forms';
import type { CampaignFormValues } from './campaignForm';

/** Filled per contact at send time (outreach contract). */
const CONTACT_VARIABLES = ['name', 'firstName', 'email', 'number'];

interface Props {
  register: UseFormRegister<CampaignFormValues>;
  setValue: UseFormSetValue<CampaignFormValues>;
  getValues: UseFormGetValues<CampaignFormValues>;
  errors: FieldErrors<CampaignFormValues>;
  /** The settings' custom variables' keys. */
  customKeys: string[];
  disabled: boolean;
  tab: CampaignMessageKey;
  onTab: (tab: CampaignMessageKey) => void;
}

export function CampaignMessageTabs({
  register,
  setValue,
  getValues,
  errors,
  customKeys,
  disabled,
  tab,
  onTab,
}: Props) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const variables = [...CONTACT_VARIABLES, ...customKeys];
  const messageError = (key: CampaignMessageKey) => {
    const error = errors[key];
    return error?.message === 'messageRequired' ? t('campaigns.validation.messageRequired') : fieldError(error);
  };

  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_e, v: CampaignMessageKey) => onTab(v)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('campaigns.fields.messages')}
      >
        {CAMPAIGN_MESSAGE_KEYS.map((key, i) => (
          <Tab
            key={key}
            value={key}
            label={t('campaigns.fields.messageN', { n: i + 1 })}
            sx={errors[key] ? { color: 'error.main' } : undefined}
            data-testid={`campaign-tab-${key}`}
          />
        ))}
      </Tabs>
      {CAMPAIGN_MESSAGE_KEYS.map((key, i) => (
        <Box key={key} role="tabpanel" hidden={tab !== key} sx={{ pt: 2 }}>
          <TextField
            {...register(key)}
            label={t('campaigns.fields.messageN', { n: i + 1 })}
            fullWidth
            multiline
            minRows={4}
            maxRows={12}
            disabled={disabled}
            error={Boolean(errors[key])}
            helperText={messageError(key)}
            slotProps={{ htmlInput: { 'data-testid': `campaign-${key}` } }}
          />
        </Box>
      ))}
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="caption" color="text.secondary" sx={{ mr: 0.5 }}>
          {t('campaigns.hints.variables')}
        </Typography>
        {variables.map((v) => (
          <Chip
            key={v}
            size="small"
            label={`{{${v}}}`}
            disabled={disabled}
            onClick={() => {
              const current = getValues(tab);
              const glue = current && !/\s$/.test(current) ? ' ' : '';
              setValue(tab, `${current}${glue}{{${v}}}`, { shouldDirty: true, shouldValidate: Boolean(errors[tab]) });
            }}
            data-testid="campaign-variable"
          />
        ))}
      </Stack>
    </Box>
  );
}
