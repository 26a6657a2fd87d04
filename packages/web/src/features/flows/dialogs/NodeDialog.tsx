/** Opens the dialog of a node's type: to create it (speed-dial) or edit it (double-click). */
import type { FlowNodeData, FlowNodeType } from '@balcao/contracts';
import ConditionDialog from './ConditionDialog';
import ContentDialog from './ContentDialog';
import IntervalDialog from './IntervalDialog';
import MediaDialog from './MediaDialog';
import MenuDialog from './MenuDialog';
import MessageDialog from './MessageDialog';
import OpenAiDialog from './OpenAiDialog';
import QuestionDialog from './QuestionDialog';
import RandomizerDialog from './RandomizerDialog';
import TicketDialog from './TicketDialog';
import TypebotDialog from './TypebotDialog';

export interface NodeDialogState {
  type: FlowNodeType;
  /** The node being edited; none when creating. */
  nodeId?: string;
  data?: Record<string, unknown>;
}

export function NodeDialog({
  state,
  onSave,
  onClose,
}: {
  state: NodeDialogState;
  onSave: (data: Record<string, unknown>) => void;
  onClose: () => void;
}) {
  // Each dialog reads its own type's data: the canvas stores what that dialog saved.
  const common = { data: state.data as never, onSave: onSave as (d: FlowNodeData[FlowNodeType]) => void, onClose };
  switch (state.type) {
    case 'message':
      return <MessageDialog {...common} />;
    case 'interval':
      return <IntervalDialog {...common} />;
    case 'condition':
      return <ConditionDialog {...common} />;
    case 'menu':
      return <MenuDialog {...common} />;
    case 'img':
    case 'audio':
    case 'video':
      return <MediaDialog kind={state.type} {...common} />;
    case 'randomizer':
      return <RandomizerDialog {...common} />;
    case 'singleBlock':
      return <ContentDialog {...common} />;
    case 'ticket':
      return <TicketDialog {...common} />;
    case 'typebot':
      return <TypebotDialog {...common} />;
    case 'openai':
      return <OpenAiDialog {...common} />;
    case 'question':
      return <QuestionDialog {...common} />;
    case 'start':
      return null;
  }
}
