import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import type { Help } from '@balcao/contracts';
import { embedUrl } from './useHelps';

/** The embedded video; Escape or the close button closes it. */
export function HelpVideoDialog({ help, onClose }: { help: Help | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={Boolean(help)} onClose={onClose} maxWidth="md" fullWidth data-testid="help-video-dialog">
      <DialogTitle sx={{ pr: 6 }}>
        {help?.title}
        <IconButton
          aria-label={t('common.close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      {help && (
        <Box sx={{ px: 3, pb: 3 }}>
          {help.video ? (
            <Box sx={{ position: 'relative', aspectRatio: '16 / 9', width: '100%' }}>
              <Box
                component="iframe"
                src={embedUrl(help.video)}
                title={help.title}
                allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
                allowFullScreen
                sx={{ border: 0, position: 'absolute', inset: 0, width: '100%', height: '100%' }}
              />
            </Box>
          ) : (
            <Typography color="text.secondary">{t('helps.noVideo')}</Typography>
          )}
          {help.description && (
            <Typography sx={{ mt: 2, whiteSpace: 'pre-wrap' }}>{help.description}</Typography>
          )}
        </Box>
      )}
    </Dialog>
  );
}
