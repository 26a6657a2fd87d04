/** The body of a node's card: what the node does, with its ways out. */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FlowBlockElement, FlowNodeData, FlowNodeType } from '@balcao/contracts';
import { FlowMediaPreview } from './FlowMediaPreview';
import { NodeOutlet } from './NodeOutlet';

const clamp = (lines: number) =>
  ({
    display: '-webkit-box',
    WebkitLineClamp: lines,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    whiteSpace: 'pre-wrap',
    wordBreak: 'break-word',
  }) as const;

function Text({ children, lines = 3 }: { children: string; lines?: number }) {
  return (
    <Typography variant="body2" sx={{ ...clamp(lines), fontSize: 12 }}>
      {children}
    </Typography>
  );
}

export function NodeSummary({ type, data }: { type: FlowNodeType; data: Record<string, unknown> }) {
  const { t } = useTranslation();
  // The canvas holds what a dialog validated against the contract, so the type's data is there.
  const d = data as never;
  switch (type) {
    case 'start':
      return <NodeOutlet id="a">{t('flows.nodes.startLabel')}</NodeOutlet>;
    case 'message':
      return (
        <NodeOutlet id="a">
          <Text>{(d as FlowNodeData['message']).label}</Text>
        </NodeOutlet>
      );
    case 'interval':
      return (
        <NodeOutlet id="a">{t('flows.nodes.intervalLabel', { sec: (d as FlowNodeData['interval']).sec })}</NodeOutlet>
      );
    case 'condition': {
      const c = d as FlowNodeData['condition'];
      return (
        <>
          <Text>{`{{${c.key}}} ${t(`flows.conditions.${c.condition}`)} "${c.value}"`}</Text>
          <NodeOutlet id="a">{t('flows.nodes.conditionTrue')}</NodeOutlet>
          <NodeOutlet id="b">{t('flows.nodes.conditionFalse')}</NodeOutlet>
        </>
      );
    }
    case 'menu': {
      const m = d as FlowNodeData['menu'];
      return (
        <>
          <Text>{m.message}</Text>
          {m.arrayOption.map((o) => (
            <NodeOutlet key={o.number} id={`a${o.number}`}>
              {`[${o.number}] ${o.value}`}
            </NodeOutlet>
          ))}
        </>
      );
    }
    case 'img':
    case 'audio':
    case 'video': {
      const url = (d as FlowNodeData['img']).url;
      return (
        <NodeOutlet id="a">
          <Text lines={1}>{shortName(url)}</Text>
          <FlowMediaPreview kind={type} name={url} />
        </NodeOutlet>
      );
    }
    case 'randomizer': {
      const percent = Number((d as FlowNodeData['randomizer']).percent);
      return (
        <>
          <NodeOutlet id="a">{`${percent}%`}</NodeOutlet>
          <NodeOutlet id="b">{`${100 - percent}%`}</NodeOutlet>
        </>
      );
    }
    case 'singleBlock':
      return (
        <NodeOutlet id="a">
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {(d as FlowNodeData['singleBlock']).elements.map((e) => (
              <li key={e.number}>
                <Text lines={1}>{elementLine(e, t)}</Text>
              </li>
            ))}
          </Box>
        </NodeOutlet>
      );
    case 'ticket':
      return <Text>{(d as FlowNodeData['ticket']).data.name ?? `#${(d as FlowNodeData['ticket']).data.id}`}</Text>;
    case 'typebot': {
      const tb = (d as FlowNodeData['typebot']).typebotIntegration;
      return (
        <NodeOutlet id="a">
          <Text lines={2}>{tb.name || tb.typebotSlug || t('flows.nodes.typebot')}</Text>
        </NodeOutlet>
      );
    }
    case 'openai':
      return (
        <NodeOutlet id="a">
          <Text lines={2}>{(d as FlowNodeData['openai']).typebotIntegration.name || t('flows.nodes.openai')}</Text>
        </NodeOutlet>
      );
    case 'question': {
      const q = (d as FlowNodeData['question']).typebotIntegration;
      return (
        <NodeOutlet id="a">
          <Text>{q.message}</Text>
          <Typography variant="caption" color="text.secondary">{`→ {{${q.answerKey}}}`}</Typography>
        </NodeOutlet>
      );
    }
  }
}

function elementLine(e: FlowBlockElement, t: (key: string, o?: Record<string, unknown>) => string) {
  const kind = /^[a-z]+/i.exec(e.number)?.[0] ?? 'message';
  if (kind === 'interval') return t('flows.nodes.intervalLabel', { sec: e.value });
  if (kind === 'message') return e.value;
  return `${t(`flows.content.kinds.${kind}`)}: ${e.original || shortName(e.value)}`;
}

/** A stored file's name is its storage key (`<company>/<month>/<uuid>.png`): its last part is enough. */
const shortName = (key: string) => key.split('/').pop() ?? key;
