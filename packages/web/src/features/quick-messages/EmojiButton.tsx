/** A button that opens the emoji picker (loaded on first use) in a pop-over. */
import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import EmojiIcon from '@mui/icons-material/EmojiEmotionsOutlined';
import { useTranslation } from 'react-i18next';

const EmojiPicker = lazy(() => import('./EmojiPicker'));

export function EmojiButton({ onPick }: { onPick: (emoji: string) => void }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const narrow = useMediaQuery('(max-width:399.95px)');
  const width = narrow ? 300 : 340;
  return (
    <>
      <Tooltip title={t('quickMessages.emoji.open')}>
        <IconButton
          aria-label={t('quickMessages.emoji.open')}
          aria-haspopup="dialog"
          onClick={(e) => setAnchor(e.currentTarget)}
          edge="end"
          data-testid="emoji-button"
        >
          <EmojiIcon />
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Suspense
          fallback={
            <Box sx={{ width, height: 400, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
              <CircularProgress size={28} />
            </Box>
          }
        >
          <Box data-testid="emoji-picker">
            <EmojiPicker
              width={width}
              onPick={(emoji) => {
                onPick(emoji);
                setAnchor(null);
              }}
            />
          </Box>
        </Suspense>
      </Popover>
    </>
  );
}
