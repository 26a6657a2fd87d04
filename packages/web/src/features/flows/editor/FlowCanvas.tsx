/**
 * The drawing: xyflow's canvas with the flow's nodes and connections, the speed-dial, zoom
 * controls and a dotted background, the node dialogs, undo/redo, and the autosave with Salvar.
 * A refused save marks the nodes and connections the server named (red) and lists why; nodes no
 * connection reaches are named above the canvas, and Salvar asks before saving them.
 */
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import {
  Background,
  BackgroundVariant,
  Controls,
  ReactFlow,
  addEdge,
  useEdgesState,
  useNodesState,
  useReactFlow,
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
import { toastError, toastErrorText, toastSuccess } from '../../../lib/toast';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';
import type { NodeDialogState } from '../dialogs/NodeDialog';
import DeletableEdge from './DeletableEdge';
import { EditorContext, type EditorActions } from './editorContext';
import { EditorToolbar } from './EditorToolbar';
import FlowNodeCard from './FlowNodeCard';
import {
  EDGE_TYPE,
  addNode,
  duplicateNode,
  edgeId,
  removeNode,
  replaceNodeData,
  startNode,
  unconnectedNodes,
  type EditorEdge,
  type EditorNode,
} from './flowGraph';
import type { GraphProblem } from './graphErrors';
import { GraphNotices } from './GraphNotices';
import { handleSx } from './handleSx';
import { LeaveGuard } from './LeaveGuard';
import { NodeSpeedDial } from './NodeSpeedDial';
import { useFlowSave } from './useFlowSave';
import { useUndoRedo } from './useUndoRedo';

const nodeTypes: NodeTypes = Object.fromEntries(FLOW_NODE_TYPES.map((type) => [type, FlowNodeCard]));
const edgeTypes: EdgeTypes = { [EDGE_TYPE]: DeletableEdge };
const DELETE_KEYS = ['Backspace', 'Delete'];
// The node dialogs (editors, uploads, previews) load when one first opens, not with the canvas.
const NodeDialog = lazy(() => import('../dialogs/NodeDialog').then((m) => ({ default: m.NodeDialog })));

export function FlowCanvas({ flow, initial }: { flow: Flow; initial: { nodes: EditorNode[]; edges: EditorEdge[] } }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const flowApi = useReactFlow<EditorNode, EditorEdge>();
  const updateNodeInternals = useUpdateNodeInternals();
  const canvas = useRef<HTMLDivElement>(null);
  const [nodes, setNodes, onNodesChange] = useNodesState<EditorNode>(initial.nodes);
  const [edges, setEdges, onEdgesChange] = useEdgesState<EditorEdge>(initial.edges);
  const [dialog, setDialog] = useState<NodeDialogState | null>(null);
  const [askUnconnected, setAskUnconnected] = useState(false);
  const save = useFlowSave(flow.id, nodes, edges);
  const history = useUndoRedo(
    () => ({ nodes: flowApi.getNodes(), edges: flowApi.getEdges() }),
    (d) => {
      setNodes(d.nodes);
      setEdges(d.edges);
    },
    !dialog && !askUnconnected,
  );
  const { record } = history;
  const unconnected = useMemo(() => unconnectedNodes(nodes, edges), [nodes, edges]);

  const reason = useCallback(
    (p: GraphProblem) => {
      const key = [`flows.problems.${p.reason}`, `validation.${p.reason}`].find((k) => i18n.exists(k));
      return `${key ? t(key) : t('validation.invalid')} (${p.path})`;
    },
    [t, i18n],
  );

  // Stable callbacks (they read the canvas through xyflow's store): a node card re-renders only
  // when its own props or the refused-save marks change, not on every change of another node.
  const actions = useMemo(
    (): EditorActions => ({
      edit: (id) => {
        const node = flowApi.getNode(id);
        if (node && node.type !== 'start') setDialog({ type: node.type, nodeId: id, data: node.data });
      },
      duplicate: (id) => {
        record();
        setNodes((ns) => duplicateNode(ns, id));
      },
      remove: (id) => {
        record();
        const next = removeNode(flowApi.getNodes(), flowApi.getEdges(), id);
        setNodes(next.nodes);
        setEdges(next.edges);
      },
      removeEdge: (id) => {
        record();
        setEdges((es) => es.filter((e) => e.id !== id));
      },
      problems: new Map(
        save.problems.flatMap((p) => {
          const id = p.nodeId ?? p.edgeId;
          return id ? [[id, reason(p)] as const] : [];
        }),
      ),
    }),
    [flowApi, record, setNodes, setEdges, save.problems, reason],
  );

  const onConnect = useCallback(
    (c: Connection) => {
      record();
      // One connection per way out: a new one from the same handle replaces the old.
      setEdges((es) =>
        addEdge(
          { ...c, id: edgeId(c.source, c.sourceHandle, c.target), type: EDGE_TYPE },
          es.filter((e) => !(e.source === c.source && (e.sourceHandle ?? null) === (c.sourceHandle ?? null))),
        ),
      );
    },
    [setEdges, record],
  );
  const isValidConnection: IsValidConnection = useCallback(
    (c) => c.source !== c.target && c.target !== FLOW_START_ID,
    [],
  );

  /** The middle of the canvas as the person sees it, in the drawing's coordinates. */
  const viewCentre = () => {
    const box = canvas.current?.getBoundingClientRect();
    if (!box) return undefined;
    return flowApi.screenToFlowPosition({ x: box.left + box.width / 2, y: box.top + box.height / 2 });
  };

  const pick = (type: FlowNodeType) => {
    if (type !== 'start') return setDialog({ type });
    record();
    setNodes((ns) => addNode(ns, 'start', { label: startNode().data.label as string }));
  };

  const saveDialog = (data: Record<string, unknown>) => {
    if (!dialog) return;
    record();
    if (dialog.nodeId) {
      const id = dialog.nodeId;
      const node = { ...flowApi.getNode(id)!, data };
      // A way out the node lost (a menu option removed) takes its connection with it.
      const handles = sourceHandlesOf({ id, type: node.type, position: node.position, data } as FlowNode);
      setNodes((ns) => replaceNodeData(ns, id, data));
      setEdges((es) => es.filter((e) => e.source !== id || handles.includes(e.sourceHandle ?? null)));
      requestAnimationFrame(() => updateNodeInternals(id));
    } else {
      const centre = viewCentre();
      setNodes((ns) => addNode(ns, dialog.type, data as never, centre));
    }
    setDialog(null);
  };

  /** Salvar: now, with the toast; nodes nothing reaches are named first. */
  const saveByHand = async (confirmed = false) => {
    if (!confirmed && unconnected.length > 0) return setAskUnconnected(true);
    setAskUnconnected(false);
    try {
      if (await save.saveNow()) toastSuccess(t('flows.editor.saved'));
      else toastErrorText(t('flows.editor.notSaved'));
    } catch (err) {
      toastError(err);
    }
  };

  const nodeLabel = useCallback(
    (id: string) => {
      const i = nodes.findIndex((n) => n.id === id);
      return i < 0 ? '' : `${t('flows.editor.node', { n: i + 1 })} (${t(`flows.nodes.${nodes[i]!.type}`)})`;
    },
    [nodes, t],
  );

  return (
    <EditorContext value={actions}>
      <EditorToolbar
        state={save.state}
        canUndo={history.canUndo}
        canRedo={history.canRedo}
        onUndo={history.undo}
        onRedo={history.redo}
        onSave={() => void saveByHand()}
        onRetry={() => void save.saveNow()}
      />
      <GraphNotices
        problems={save.problems}
        unconnected={unconnected}
        nodeLabel={nodeLabel}
        reason={reason}
        onCloseProblems={() => save.setProblems([])}
      />
      <Box
        ref={canvas}
        sx={{
          position: 'relative',
          height: { xs: 'calc(100dvh - 250px)', sm: 'calc(100vh - 210px)' },
          minHeight: 420,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          overflow: 'hidden',
          ...handleSx,
        }}
        data-testid="flow-canvas"
      >
        <ReactFlow<EditorNode, EditorEdge>
          nodes={nodes}
          edges={edges}
          onNodesChange={onNodesChange}
          onEdgesChange={onEdgesChange}
          onConnect={onConnect}
          onNodeDragStart={record}
          onBeforeDelete={async () => (record(), true)}
          isValidConnection={isValidConnection}
          onNodeDoubleClick={(_e, node) => actions.edit(node.id)}
          nodeTypes={nodeTypes}
          edgeTypes={edgeTypes}
          defaultEdgeOptions={{ type: EDGE_TYPE }}
          deleteKeyCode={DELETE_KEYS}
          zoomOnDoubleClick={false}
          colorMode={theme.palette.mode}
          connectionRadius={32}
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
      {dialog && (
        <Suspense fallback={null}>
          <NodeDialog state={dialog} onSave={saveDialog} onClose={() => setDialog(null)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={askUnconnected}
        destructive={false}
        title={t('flows.editor.unconnected.askTitle')}
        text={
          <>
            {t('flows.editor.unconnected.askText')}
            <Box component="ul" sx={{ m: 0, mt: 1, pl: 2 }} data-testid="flow-unconnected-list">
              {unconnected.map((n) => (
                <li key={n.id}>{nodeLabel(n.id)}</li>
              ))}
            </Box>
          </>
        }
        confirmLabel={t('flows.editor.unconnected.saveAnyway')}
        onConfirm={() => void saveByHand(true)}
        onClose={() => setAskUnconnected(false)}
      />
      <LeaveGuard dirty={save.dirty} saveNow={save.saveNow} />
    </EditorContext>
  );
}
