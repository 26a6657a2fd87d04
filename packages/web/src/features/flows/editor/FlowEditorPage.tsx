/**
 * The flow editor, /flowbuilder/{id} (automation §2, §4): "Desenhe seu fluxo" with the flow's
 * name, a spinner while the flow loads (the canvas hidden meanwhile), then the canvas. Without an id there is nothing to draw: back to the list.
 */
import { useMemo } from 'react';
import { Navigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { ReactFlowProvider } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../lib/ui/ErrorState';
import { PageContainer } from '../../../lib/ui/PageContainer';
import { useFlowGraph } from '../useFlows';
import { FlowCanvas } from './FlowCanvas';
import { fromSaved } from './flowGraph';

export default function FlowEditorPage() {
  const { id } = useParams();
  const flowId = Number(id);
  if (!id || !Number.isInteger(flowId) || flowId <= 0) return <Navigate to="/flowbuilders" replace />;
  return <FlowEditor key={flowId} flowId={flowId} />;
}

function FlowEditor({ flowId }: { flowId: number }) {
  const { t } = useTranslation();
  const graph = useFlowGraph(flowId);
  const initial = useMemo(() => (graph.data ? fromSaved(graph.data.flow) : null), [graph.data]);
  return (
    <PageContainer
      title={
        <>
          {t('flows.editor.title')}
          {graph.data && (
            <Typography
              component="span"
              color="text.secondary"
              sx={{ ml: 1.5, fontSize: '1rem' }}
              data-testid="flow-name"
            >
              {graph.data.name}
            </Typography>
          )}
        </>
      }
    >
      <Alert severity="info" sx={{ display: { xs: 'flex', md: 'none' } }} data-testid="flow-small-screen">
        {t('flows.editor.smallScreen')}
      </Alert>
      {graph.isError ? (
        <ErrorState onRetry={() => void graph.refetch()} />
      ) : !graph.data || !initial ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 10 }} data-testid="flow-loading">
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      ) : (
        <ReactFlowProvider>
          <FlowCanvas flow={graph.data} initial={initial} />
        </ReactFlowProvider>
      )}
    </PageContainer>
  );
}
