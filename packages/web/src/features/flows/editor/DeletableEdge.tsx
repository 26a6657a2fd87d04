/** The editor's edge type: a bezier line with a button at its middle that deletes it. */
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { BaseEdge, EdgeLabelRenderer, getBezierPath, type EdgeProps } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import { useEditorActions } from './editorContext';

export default function DeletableEdge(props: EdgeProps) {
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
        <IconButton
          size="small"
          className="nodrag nopan"
          aria-label={t('flows.editor.deleteEdge')}
          title={problem}
          data-testid="flow-edge-delete"
          data-edge-id={props.id}
          onClick={() => actions.removeEdge(props.id)}
          sx={{
            position: 'absolute',
            transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)`,
            pointerEvents: 'all',
            width: 20,
            height: 20,
            bgcolor: problem ? 'error.main' : 'background.paper',
            color: problem ? 'error.contrastText' : 'text.secondary',
            border: 1,
            borderColor: 'divider',
            '&:hover': { bgcolor: 'action.hover' },
          }}
        >
          <CloseIcon sx={{ fontSize: 14 }} />
        </IconButton>
      </EdgeLabelRenderer>
    </>
  );
}
