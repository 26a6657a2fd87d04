/**
 * Beside the connection's rating text: whether the company asks for ratings (the `userRating`
 * setting, company-wide), a switch that changes it at once for whoever may manage settings, and
 * a link to the settings page. The text itself carries the scale the reply is read on.
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { can } from '../../lib/permissions';
import { toastError } from '../../lib/toast';
import { settingValue, useSettings, useUpdateSetting } from '../settings/useSettings';

export function RatingSetting() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const settings = useSettings();
  const update = useUpdateSetting();
  // The switch moves at once; a refused change moves it back.
  const [asked, setAsked] = useState<boolean | null>(null);
  const enabled = asked ?? settingValue(settings.data, 'userRating') === 'enabled';
  const mayChange = can(me, 'settings:manage');
  const toggle = (on: boolean) => {
    setAsked(on);
    update
      .mutateAsync({ key: 'userRating', value: on ? 'enabled' : 'disabled' })
      .catch(toastError)
      .finally(() => setAsked(null));
  };
  return (
    <Stack spacing={0.25} sx={{ mt: -1 }} data-testid="rating-setting">
      <FormControlLabel
        data-rating-enabled={String(enabled)}
        control={
          <Switch
            size="small"
            checked={enabled}
            disabled={!mayChange || settings.isLoading}
            onChange={(e) => toggle(e.target.checked)}
          />
        }
        label={t(enabled ? 'connections.rating.on' : 'connections.rating.off')}
      />
      <Typography variant="caption" color="text.secondary">
        {t('connections.rating.hint')}{' '}
        <Link component={RouterLink} to="/settings">
          {t('connections.rating.settings')}
        </Link>
      </Typography>
    </Stack>
  );
}
