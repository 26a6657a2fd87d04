/**
 * A search result's preview: the message that matched (not the last one), on one line, the
 * search text marked wherever it occurs (case and accents ignored, lib/highlight.ts), the text
 * before the first mark shortened so the mark stays in view.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { highlight } from '../../../lib/highlight';

const LEAD = 24;

export function MatchedMessage({ body, term }: { body: string; term: string }) {
  const { t } = useTranslation();
  const parts = highlight(body.replace(/\s*\n\s*/g, ' '), term, LEAD);
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      noWrap
      title={body}
      aria-label={t('tickets.search.matched', { text: body })}
      data-testid="ticket-matched-message"
    >
      {parts.map((p, i) =>
        p.match ? (
          <Box
            component="mark"
            key={i}
            sx={{ bgcolor: 'warning.light', color: 'text.primary', borderRadius: 0.5, px: 0.25, fontWeight: 600 }}
          >
            {p.text}
          </Box>
        ) : (
          p.text
        ),
      )}
    </Typography>
  );
}
