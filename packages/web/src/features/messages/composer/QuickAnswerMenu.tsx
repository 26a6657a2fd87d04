/**
 * Quick answers (operations §2, §9): typing "/" and at least one more character lists the
 * user's quick messages whose shortcode (or text) holds what follows the slash; labels are cut
 * at 35 characters. Arrow keys move, Enter or a click picks, Escape closes.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../app/providers/AuthProvider';
import { useCompanyEvent } from '../../../app/providers/SocketProvider';
import { api } from '../../../lib/api';
import type { QuickMessage } from '@balcao/contracts';

export const QUICK_LABEL_MAX = 35;

/** "/" plus at least one character opens the menu; answers the text after the slash. */
export function quickTerm(text: string): string | null {
  return text.startsWith('/') && text.length > 1 ? text.slice(1).toLowerCase() : null;
}

export const quickLabel = (q: QuickMessage) => {
  const label = `${q.shortcode} - ${q.message}`;
  return label.length > QUICK_LABEL_MAX ? `${label.slice(0, QUICK_LABEL_MAX)}...` : label;
};

export function matchQuick(list: QuickMessage[], term: string) {
  return list
    .filter((q) => q.status !== false)
    .filter((q) => q.shortcode.toLowerCase().includes(term) || q.message.toLowerCase().includes(term));
}

/**
 * `GET /quick-messages/list?userId=` (a bare array), kept a minute. Read again when an answer is
 * made, changed or deleted anywhere (another tab, a colleague), so a new answer is there the next
 * time "/" is typed; a failed read is tried again, never kept as an empty list.
 */
export function useQuickMessages(enabled: boolean) {
  const me = useCurrentUser();
  const qc = useQueryClient();
  useCompanyEvent('quickmessage', () => void qc.invalidateQueries({ queryKey: ['quick-messages', 'list'] }));
  return useQuery({
    queryKey: ['quick-messages', 'list', me.id],
    queryFn: () => api.get<QuickMessage[]>('/quick-messages/list', { userId: me.id }),
    enabled,
    staleTime: 60_000,
    retry: 2,
  });
}

interface Props {
  options: QuickMessage[];
  active: number;
  onPick: (q: QuickMessage) => void;
}

export function QuickAnswerMenu({ options, active, onPick }: Props) {
  const { t } = useTranslation();
  return (
    <Paper
      elevation={6}
      sx={{
        position: 'absolute',
        bottom: '100%',
        left: 8,
        right: 8,
        mb: 1,
        maxHeight: 260,
        overflowY: 'auto',
        zIndex: 2,
      }}
      data-testid="quick-answers"
    >
      <List dense role="listbox" aria-label={t('tickets.composer.quickAnswers')}>
        {options.map((q, i) => (
          <ListItemButton
            key={q.id}
            role="option"
            selected={i === active}
            aria-selected={i === active}
            // Keep the focus in the text box: a mouse pick must not blur it first.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onPick(q)}
            data-testid="quick-answer"
          >
            {q.isMedia && <AttachFileIcon fontSize="small" sx={{ mr: 1 }} />}
            <ListItemText primary={quickLabel(q)} />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}
