/** How each node type shows: its name (locale key), icon and colour, in the speed-dial's order. */
import type { SvgIconComponent } from '@mui/icons-material';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunchOutlined';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooksOutlined';
import DynamicFeedIcon from '@mui/icons-material/DynamicFeedOutlined';
import CallSplitIcon from '@mui/icons-material/CallSplit';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import SmartToyIcon from '@mui/icons-material/SmartToyOutlined';
import PsychologyIcon from '@mui/icons-material/PsychologyOutlined';
import HelpCenterIcon from '@mui/icons-material/HelpCenterOutlined';
import MessageIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import MicIcon from '@mui/icons-material/MicNoneOutlined';
import VideocamIcon from '@mui/icons-material/VideocamOutlined';
import RuleIcon from '@mui/icons-material/Rule';
import type { FlowNodeType } from '@balcao/contracts';

export interface NodeKind {
  type: FlowNodeType;
  icon: SvgIconComponent;
  color: string;
}

/** The spec's nine first (Inicio … Pergunta), then the other types of the contract. */
export const NODE_KINDS: NodeKind[] = [
  { type: 'start', icon: RocketLaunchIcon, color: '#3aba38' },
  { type: 'singleBlock', icon: LibraryBooksIcon, color: '#ec5858' },
  { type: 'menu', icon: DynamicFeedIcon, color: '#683ac8' },
  { type: 'randomizer', icon: CallSplitIcon, color: '#1fbadc' },
  { type: 'interval', icon: AccessTimeIcon, color: '#f7953b' },
  { type: 'ticket', icon: ConfirmationNumberIcon, color: '#f5bc0e' },
  { type: 'typebot', icon: SmartToyIcon, color: '#3aba38' },
  { type: 'openai', icon: PsychologyIcon, color: '#10a37f' },
  { type: 'question', icon: HelpCenterIcon, color: '#b24a9b' },
  { type: 'message', icon: MessageIcon, color: '#6865a5' },
  { type: 'img', icon: ImageIcon, color: '#2d8fd5' },
  { type: 'audio', icon: MicIcon, color: '#d04a7b' },
  { type: 'video', icon: VideocamIcon, color: '#8e5bd9' },
  { type: 'condition', icon: RuleIcon, color: '#5f7d8c' },
];

export const kindOf = (type: FlowNodeType) => NODE_KINDS.find((k) => k.type === type)!;
