/**
 * The editor's edge type: a bezier line with a small round button at its middle that deletes it.
 * The button is a plain <button> styled once (edgeButtonSx on the canvas), not a Material one:
 * a 50-node flow draws about as many of them on opening.
 */
import { memo } from 'react';
import { BaseEdge, EdgeLabelRenderer, getBezierPath, type EdgeProps } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import { useEditorActions } from './editorContext';

function DeletableEdge(props: EdgeProps) {
  const { t } = useTranslation();
  const actions = useEditorActions();
  const [path, labelX, labelY] = getBezierPath(props);
  const problem = actions.problems.get(props.id);
  const stroke = problem ? '#d32f2f' : props.selected ? '#1e6fff' : undefined;
  return (
    <>
      <BaseEdge
        id={props.id}
        path={path}
        markerEnd={props.markerEnd}
        style={{ ...props.style, stroke, strokeWidth: 2 }}
      />
      <EdgeLabelRenderer>
        <button
          type="button"
          className="nodrag nopan flow-edge-delete"
          aria-label={t('flows.editor.deleteEdge')}
          title={problem}
          data-testid="flow-edge-delete"
          data-edge-id={props.id}
          data-problem={problem ? 'true' : undefined}
          onClick={() => actions.removeEdge(props.id)}
          style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
        >
          ×
        </button>
      </EdgeLabelRenderer>
    </>
  );
}

export default memo(DeletableEdge);
