/** The top bar's volume slider (foundation §2, operations §9): 0–1 in steps of 0.1, stored as `volume`. */
import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import VolumeDownIcon from '@mui/icons-material/VolumeDown';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import { useTranslation } from 'react-i18next';
import { playChime } from './alerts';
import { parseVolume, setVolume, useVolume, VOLUME_STEP } from './volume';

/** Slider steps add up in floating point (0.7000000000000001): back onto the 0.1 grid. */
const snap = (value: number) => parseVolume(String(value));

export function VolumeControl() {
  const { t } = useTranslation();
  const volume = useVolume();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const Icon = volume === 0 ? VolumeOffIcon : volume < 0.5 ? VolumeDownIcon : VolumeUpIcon;

  return (
    <>
      <Tooltip title={t('notifications.volume')}>
        <IconButton
          color="inherit"
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={t('notifications.volume')}
          data-testid="volume-button"
        >
          <Icon />
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        transformOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', px: 2, py: 1, width: 220 }}>
          <VolumeDownIcon fontSize="small" color="action" />
          <Slider
            value={volume}
            min={0}
            max={1}
            step={VOLUME_STEP}
            onChange={(_e, value) => setVolume(snap(value))}
            // A sample of the new volume once the thumb is let go.
            onChangeCommitted={(_e, value) => playChime(snap(value))}
            valueLabelDisplay="auto"
            valueLabelFormat={(v) => `${Math.round(v * 100)}%`}
            aria-label={t('notifications.volume')}
            data-testid="volume-slider"
          />
          <VolumeUpIcon fontSize="small" color="action" />
        </Stack>
      </Popover>
    </>
  );
}
