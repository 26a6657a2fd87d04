/** The message a reply quotes: who wrote it and its text (or its kind), in a bar above the reply. */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FormattedText } from './format/FormattedText';
import type { QuotedMessage as Quoted } from '@balcao/contracts';

export function QuotedMessage({ quoted, onClose }: { quoted: Quoted; onClose?: ReactNode }) {
  const { t } = useTranslation();
  const who = quoted.fromMe ? t('tickets.thread.you') : (quoted.contact?.name ?? t('tickets.thread.customer'));
  const text =
    !quoted.isDeleted && quoted.body ? (
      <FormattedText text={quoted.body} />
    ) : quoted.isDeleted ? (
      t('tickets.thread.deleted')
    ) : (
      t(`tickets.thread.kinds.${quoted.mediaType}`, { defaultValue: quoted.mediaType })
    );
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 1,
        alignItems: 'flex-start',
        borderLeft: 4,
        borderColor: quoted.fromMe ? 'primary.main' : 'secondary.main',
        bgcolor: 'action.hover',
        borderRadius: 1,
        px: 1,
        py: 0.5,
        mb: 0.5,
      }}
      data-testid="quoted-message"
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography
          variant="caption"
          sx={{ fontWeight: 600, color: quoted.fromMe ? 'primary.main' : 'secondary.main' }}
        >
          {who}
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{
            display: '-webkit-box',
            WebkitLineClamp: 3,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            whiteSpace: 'pre-wrap',
          }}
          data-testid="quoted-message-body"
        >
          {text}
        </Typography>
      </Box>
      {onClose}
    </Box>
  );
}
