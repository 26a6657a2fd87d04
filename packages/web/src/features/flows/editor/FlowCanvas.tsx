/**
 * The drawing: xyflow's canvas with the flow's nodes and connections, the speed-dial, zoom
 * controls and a dotted background, the node dialogs, and Salvar. A refused save marks the nodes
 * and connections the server named (red) and lists why.
 */
import { useCallback, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import { useTheme } from '@mui/material/styles';
import {
  Background,
  BackgroundVariant,
  Controls,
  ReactFlow,
  addEdge,
  useEdgesState,
  useNodesState,
  useUpdateNodeInternals,
  type Connection,
  type EdgeTypes,
  type IsValidConnection,
  type NodeTypes,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useTranslation } from 'react-i18next';
import {
  FLOW_START_ID,
  FLOW_NODE_TYPES,
  sourceHandlesOf,
  type Flow,
  type FlowNode,
  type FlowNodeType,
} from '@balcao/contracts';
import { isApiError } from '../../../lib/api';
import { toastError, toastErrorText, toastSuccess } from '../../../lib/toast';
import { NodeDialog, type NodeDialogState } from '../dialogs/NodeDialog';
import { saveFlowGraph } from '../useFlows';
import DeletableEdge from './DeletableEdge';
import { EditorContext, type EditorActions } from './editorContext';
import FlowNodeCard from './FlowNodeCard';
import {
  EDGE_TYPE,
  addNode,
  duplicateNode,
  edgeId,
  removeNode,
  replaceNodeData,
  startNode,
  toSaved,
  type EditorEdge,
  type EditorNode,
} from './flowGraph';
import { graphProblems, type GraphProblem } from './graphErrors';
import { NodeSpeedDial } from './NodeSpeedDial';

const nodeTypes: NodeTypes = Object.fromEntries(FLOW_NODE_TYPES.map((type) => [type, FlowNodeCard]));
const edgeTypes: EdgeTypes = { [EDGE_TYPE]: DeletableEdge };
const DELETE_KEYS = ['Backspace', 'Delete'];

export function FlowCanvas({ flow, initial }: { flow: Flow; initial: { nodes: EditorNode[]; edges: EditorEdge[] } }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const updateNodeInternals = useUpdateNodeInternals();
  const [nodes, setNodes, onNodesChange] = useNodesState<EditorNode>(initial.nodes);
  const [edges, setEdges, onEdgesChange] = useEdgesState<EditorEdge>(initial.edges);
  const [dialog, setDialog] = useState<NodeDialogState | null>(null);
  const [problems, setProblems] = useState<GraphProblem[]>([]);
  const [saving, setSaving] = useState(false);

  const reason = useCallback(
    (p: GraphProblem) => {
      const key = [`flows.problems.${p.reason}`, `validation.${p.reason}`].find((k) => i18n.exists(k));
      return `${key ? t(key) : t('validation.invalid')} (${p.path})`;
    },
    [t, i18n],
  );

  const actions = useMemo(
    (): EditorActions => ({
      edit: (id) => {
        const node = nodes.find((n) => n.id === id);
        if (node && node.type !== 'start') setDialog({ type: node.type, nodeId: id, data: node.data });
      },
      duplicate: (id) => setNodes((ns) => duplicateNode(ns, id)),
      remove: (id) => {
        const next = removeNode(nodes, edges, id);
        setNodes(next.nodes);
        setEdges(next.edges);
      },
      removeEdge: (id) => setEdges((es) => es.filter((e) => e.id !== id)),
      problems: new Map(
        problems.flatMap((p) => {
          const id = p.nodeId ?? p.edgeId;
          return id ? [[id, reason(p)] as const] : [];
        }),
      ),
    }),
    [nodes, edges, problems, setNodes, setEdges, reason],
  );

  const onConnect = useCallback(
    (c: Connection) =>
      // One connection per way out: a new one from the same handle replaces the old.
      setEdges((es) =>
        addEdge(
          { ...c, id: edgeId(c.source, c.sourceHandle, c.target), type: EDGE_TYPE },
          es.filter((e) => !(e.source === c.source && (e.sourceHandle ?? null) === (c.sourceHandle ?? null))),
        ),
      ),
    [setEdges],
  );
  const isValidConnection: IsValidConnection = useCallback(
    (c) => c.source !== c.target && c.target !== FLOW_START_ID,
    [],
  );

  const pick = (type: FlowNodeType) => {
    if (type === 'start') setNodes((ns) => addNode(ns, 'start', { label: startNode().data.label as string }));
    else setDialog({ type });
  };

  const saveDialog = (data: Record<string, unknown>) => {
    if (!dialog) return;
    if (dialog.nodeId) {
      const id = dialog.nodeId;
      const node = { ...nodes.find((n) => n.id === id)!, data };
      // A way out the node lost (a menu option removed) takes its connection with it.
      const handles = sourceHandlesOf({ id, type: node.type, position: node.position, data } as FlowNode);
      setNodes((ns) => replaceNodeData(ns, id, data));
      setEdges((es) => es.filter((e) => e.source !== id || handles.includes(e.sourceHandle ?? null)));
      requestAnimationFrame(() => updateNodeInternals(id));
    } else {
      setNodes((ns) => addNode(ns, dialog.type, data as never));
    }
    setDialog(null);
  };

  const save = async () => {
    setSaving(true);
    try {
      const graph = toSaved(nodes, edges);
      await saveFlowGraph(flow.id, graph.nodes, graph.connections);
      setProblems([]);
      toastSuccess(t('flows.editor.saved'));
    } catch (err) {
      if (isApiError(err) && err.code === 'ERR_VALIDATION' && err.fields) {
        setProblems(graphProblems(err.fields, nodes, edges));
        toastErrorText(t('flows.editor.notSaved'));
      } else toastError(err);
    } finally {
      setSaving(false);
    }
  };

  const nodeLabel = (id: string) => {
    const i = nodes.findIndex((n) => n.id === id);
    return i < 0 ? '' : `${t('flows.editor.node', { n: i + 1 })} (${t(`flows.nodes.${nodes[i]!.type}`)})`;
  };

  return (
    <EditorContext value={actions}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 200 }} data-testid="flow-reminder">
          {t('flows.editor.reminder')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<SaveIcon />}
          onClick={() => void save()}
          disabled={saving}
          data-testid="flow-save"
        >
          {t('common.save')}
        </Button>
      </Box>
      {problems.length > 0 && (
        <Alert severity="error" onClose={() => setProblems([])} data-testid="flow-problems">
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
      <Box
        sx={{
          position: 'relative',
          height: { xs: 'calc(100dvh - 250px)', sm: 'calc(100vh - 210px)' },
          minHeight: 420,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          overflow: 'hidden',
        }}
        data-testid="flow-canvas"
      >
        <ReactFlow<EditorNode, EditorEdge>
          nodes={nodes}
          edges={edges}
          onNodesChange={onNodesChange}
          onEdgesChange={onEdgesChange}
          onConnect={onConnect}
          isValidConnection={isValidConnection}
          onNodeDoubleClick={(_e, node) => actions.edit(node.id)}
          nodeTypes={nodeTypes}
          edgeTypes={edgeTypes}
          defaultEdgeOptions={{ type: EDGE_TYPE }}
          deleteKeyCode={DELETE_KEYS}
          zoomOnDoubleClick={false}
          colorMode={theme.palette.mode}
          fitView
          attributionPosition="bottom-left"
          fitViewOptions={{ maxZoom: 1, padding: 0.2 }}
          minZoom={0.2}
        >
          <Background variant={BackgroundVariant.Dots} gap={16} size={1.5} />
          <Controls showInteractive={false} position="bottom-right" />
        </ReactFlow>
        <NodeSpeedDial onPick={pick} />
      </Box>
      {dialog && <NodeDialog state={dialog} onSave={saveDialog} onClose={() => setDialog(null)} />}
    </EditorContext>
  );
}
