/**
 * Above the canvas: why the last save was refused (red, closable), and the nodes no connection
 * leads into (they would never run), kept up to date as the drawing changes.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { EditorNode } from './flowGraph';
import type { GraphProblem } from './graphErrors';

interface Props {
  problems: GraphProblem[];
  unconnected: EditorNode[];
  nodeLabel: (id: string) => string;
  reason: (p: GraphProblem) => string;
  onCloseProblems: () => void;
}

export function GraphNotices({ problems, unconnected, nodeLabel, reason, onCloseProblems }: Props) {
  const { t } = useTranslation();
  return (
    <>
      {problems.length > 0 && (
        <Alert severity="error" onClose={onCloseProblems} data-testid="flow-problems">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('flows.editor.refused')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {problems.map((p) => (
              <li key={p.path}>
                {p.nodeId ? `${nodeLabel(p.nodeId)}: ` : p.edgeId ? `${t('flows.editor.edge')}: ` : ''}
                {reason(p)}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      {unconnected.length > 0 && (
        <Alert severity="warning" data-testid="flow-unconnected" sx={{ py: 0 }}>
          {t('flows.editor.unconnected.notice', { count: unconnected.length })}{' '}
          {unconnected.map((n) => nodeLabel(n.id)).join(', ')}
        </Alert>
      )}
    </>
  );
}
