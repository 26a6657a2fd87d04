import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import {
  PLATFORM_SETTINGS,
  type Setting,
  SETTING_FORMATS,
  SETTING_KEYS,
  SETTING_VALUES,
  type SettingKey,
} from '@balcao/contracts';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { isSuper } from '../../lib/permissions';
import { toastError, toastSuccess } from '../../lib/toast';
import { SelectField } from '../../lib/ui/SelectField';
import { settingValue, useUpdateSetting } from './useSettings';

/**
 * One select per setting key (values from the contracts), a text field for free ones (a number
 * where the contracts give a format: `autoAssignMaxOpen`, blank = no cap); the platform's own (the Asaas token
 * the billing reads from the operator's company) only for the operator.
 */
export function OptionsTab({ settings }: { settings: Setting[] }) {
  const { t } = useTranslation();
  const operator = isSuper(useCurrentUser());
  const keys = SETTING_KEYS.filter((key) => operator || !PLATFORM_SETTINGS.includes(key));
  const update = useUpdateSetting();
  const [pending, setPending] = useState<SettingKey | null>(null);

  const save = async (key: SettingKey, value: string) => {
    setPending(key);
    try {
      await update.mutateAsync({ key, value });
      toastSuccess(t('settings.toasts.saved'));
    } catch (err) {
      toastError(err);
    } finally {
      setPending(null);
    }
  };

  return (
    <Grid container spacing={2} data-testid="settings-options">
      {keys.map((key) => {
        const values = SETTING_VALUES[key];
        const value = settingValue(settings, key);
        return (
          <Grid key={key} size={{ xs: 12, sm: 6, md: 4 }}>
            {values ? (
              <SelectField
                name={key}
                label={t(`settings.keys.${key}`)}
                value={values.includes(value) ? value : values[0]}
                disabled={pending === key}
                onChange={(e) => void save(key, e.target.value)}
                fullWidth
                slotProps={{ htmlInput: { 'data-testid': `setting-${key}` } }}
                options={values.map((v) => ({ value: v, label: t(`settings.values.${v}`) }))}
              />
            ) : (
              <TextSetting
                label={t(`settings.keys.${key}`)}
                name={key}
                value={value}
                busy={pending === key}
                onSave={(v) => void save(key, v)}
                format={SETTING_FORMATS[key]}
              />
            )}
          </Grid>
        );
      })}
    </Grid>
  );
}

function TextSetting({
  name,
  label,
  value,
  busy,
  onSave,
  format,
}: {
  name: string;
  label: string;
  value: string;
  busy: boolean;
  onSave: (value: string) => void;
  /** The contracts' shape of the value: a whole number field, checked before saving. */
  format?: RegExp;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const bad = format !== undefined && !format.test(draft.trim());
  return (
    <Stack
      component="form"
      direction="row"
      spacing={1}
      sx={{ alignItems: 'flex-start' }}
      onSubmit={(e) => {
        e.preventDefault();
        if (!bad) onSave(draft.trim());
      }}
    >
      <TextField
        name={name}
        label={label}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        fullWidth
        autoComplete="off"
        error={bad}
        helperText={format && t(bad ? `settings.validation.${name}` : `settings.hints.${name}`)}
        slotProps={{
          htmlInput: {
            'data-testid': `setting-${name}`,
            ...(format ? { inputMode: 'numeric', 'aria-invalid': bad } : {}),
          },
        }}
      />
      <Button type="submit" variant="outlined" sx={{ mt: 1 }} disabled={busy || bad || draft.trim() === value}>
        {t('common.save')}
      </Button>
    </Stack>
  );
}
