/**
 * Autosave (issue 35): the drawing is saved about a second after the last change, whole (`POST
 * /flowbuilder/flow`), and its state shown: saved, unsaved changes (waiting for the pause),
 * saving, or not saved (refused: the nodes named in red; or the network: retried on the next
 * change or by hand). Only the contract's fields count as a change (`toSaved`), so selecting or
 * measuring a node saves nothing.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api';
import { saveFlowGraph } from '../useFlows';
import { toSaved, type EditorEdge, type EditorNode } from './flowGraph';
import { graphProblems, type GraphProblem } from './graphErrors';

export const AUTOSAVE_DELAY_MS = 1000;

export type SaveState = 'saved' | 'pending' | 'saving' | 'failed';

export function useFlowSave(flowId: number, nodes: EditorNode[], edges: EditorEdge[]) {
  const graph = useMemo(() => toSaved(nodes, edges), [nodes, edges]);
  const text = useMemo(() => JSON.stringify(graph), [graph]);
  const latest = useRef({ graph, text, nodes, edges });
  latest.current = { graph, text, nodes, edges };
  // What the server holds: the drawing as it opened, then each save it took.
  const [savedText, setSavedText] = useState(text);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ text: string; refused: boolean } | null>(null);
  const [problems, setProblems] = useState<GraphProblem[]>([]);
  const inFlight = useRef<Promise<boolean> | null>(null);

  /** Saves the drawing as it is now; true once the server holds it. */
  const saveNow = useCallback(async (): Promise<boolean> => {
    if (inFlight.current) await inFlight.current;
    const { graph: g, text: t, nodes: ns, edges: es } = latest.current;
    const run = (async () => {
      setBusy(true);
      try {
        await saveFlowGraph(flowId, g.nodes, g.connections);
        setSavedText(t);
        setFailure(null);
        setProblems([]);
        return true;
      } catch (err) {
        const refused = isApiError(err) && err.code === 'ERR_VALIDATION' && Boolean(err.fields);
        if (refused) setProblems(graphProblems(err.fields!, ns, es));
        setFailure({ text: t, refused });
        return false;
      } finally {
        setBusy(false);
      }
    })();
    inFlight.current = run;
    try {
      return await run;
    } finally {
      if (inFlight.current === run) inFlight.current = null;
    }
  }, [flowId]);

  const dirty = text !== savedText;
  // A change since a failure is tried again after the pause; the same drawing is not resent.
  const waiting = dirty && !busy && failure?.text !== text;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => void saveNow(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [waiting, text, saveNow]);

  const state: SaveState = busy ? 'saving' : !dirty ? 'saved' : failure?.text === text ? 'failed' : 'pending';
  return { state, dirty, refused: failure?.text === text && failure.refused, problems, setProblems, saveNow };
}
