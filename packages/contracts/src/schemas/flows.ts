import { z } from 'zod';
import { name2to50, numeric, pageQuery, ref, text } from './common.js';
import { MESSAGE_MAX_LENGTH } from './messages.js';
import { notFetched, outboundUrlOrBlank } from './outbound-url.js';

/**
 * Flows (the flow builder): an automated conversation drawn as a graph of nodes and connections.
 * The graph is the spec's (xyflow's nodes and edges); the server checks it whole before saving
 * (`flowGraphBody`), and runs it (ARCHITECTURE.md, "Running a flow").
 */

export const FLOW_NODE_TYPES = [
  'start',
  'message',
  'interval',
  'condition',
  'menu',
  'img',
  'audio',
  'video',
  'randomizer',
  'singleBlock',
  'ticket',
  'typebot',
  'openai',
  'question',
] as const;
export type FlowNodeType = (typeof FLOW_NODE_TYPES)[number];

/** The start node: one per flow, id "1", first drawn at 250,100. */
export const FLOW_START_ID = '1';
export const FLOW_START_POSITION = { x: 250, y: 100 } as const;
/** Node ids the editor makes: 30 random characters. */
export const FLOW_NODE_ID_LENGTH = 30;
export const FLOW_INTERVAL_MAX_SECONDS = 120;
export const FLOW_MAX_NODES = 500;
export const FLOW_MAX_CONNECTIONS = 2_000;

/** How a condition node compares the variable `key` with `value`: true leaves by `a`, false by `b`. */
export const FLOW_CONDITIONS = ['equals', 'notEquals', 'contains', 'startsWith', 'greater', 'less'] as const;
export type FlowCondition = (typeof FLOW_CONDITIONS)[number];

const label = text().max(200, 'tooLong');
const body = text().trim().min(1, 'required').max(MESSAGE_MAX_LENGTH, 'tooLong');
/** A media file the flow API stored (`POST /flowbuilder/img|audio|content` answers its name). */
const mediaName = text().trim().min(1, 'required').max(300, 'tooLong');
/** A media node's `url`: despite its name, the stored file's name, looked up in the company's files. */
const storedMedia = notFetched(mediaName, 'the name of a file the flow API stored, never requested');
const seconds = numeric(z.number().int().min(1, 'tooSmall').max(FLOW_INTERVAL_MAX_SECONDS, 'tooLarge'));
/** Variable names a question stores its answer under, used as `{{key}}` later. */
export const flowVariableKey = text()
  .trim()
  .min(1, 'required')
  .max(50, 'tooLong')
  .regex(/^[\p{L}\p{N}_-]+$/u, 'invalidKey');

const optionalText = (max: number) => text().max(max, 'tooLong').optional();

/** The typebot node's integration (the queue integration's typebot fields). */
const typebotData = z.object({
  name: optionalText(100),
  urlN8N: outboundUrlOrBlank().optional(),
  typebotSlug: optionalText(200),
  typebotExpires: numeric(z.number().int().min(0).max(10_000)).optional(),
  typebotDelayMessage: numeric(z.number().int().min(0).max(60_000)).optional(),
  typebotKeywordFinish: optionalText(100),
  typebotKeywordRestart: optionalText(100),
  typebotRestartMessage: optionalText(1_000),
  typebotUnknownMessage: optionalText(1_000),
});

/** The openai node's settings (a prompt run inside the flow). */
const openaiData = z.object({
  name: optionalText(100),
  apiKey: optionalText(300),
  prompt: optionalText(10_000),
  voice: optionalText(50),
  voiceKey: optionalText(300),
  voiceRegion: optionalText(50),
  temperature: numeric(z.number().min(0).max(1)).optional(),
  maxTokens: numeric(z.number().int().min(1).max(100_000)).optional(),
  maxMessages: numeric(z.number().int().min(1).max(1_000)).optional(),
  queueId: ref('queues').nullable().optional(),
});

/** One element of a content block (singleBlock): `number` names its kind and place (`message0`, `img2`). */
export const flowBlockElement = z.object({
  number: text()
    .max(20, 'tooLong')
    .regex(/^(message|interval|img|audio|video)\d{1,3}$/, 'invalidElement'),
  value: text().max(MESSAGE_MAX_LENGTH, 'tooLong'),
  original: optionalText(300),
  record: z.boolean().optional(),
  type: optionalText(20),
});
export type FlowBlockElement = z.infer<typeof flowBlockElement>;

/** Each node type's `data`, as the spec's editor writes it. Unknown keys are dropped. */
export const flowNodeData = {
  start: z.object({ label: label.optional() }),
  message: z.object({ label: body }),
  interval: z.object({ sec: seconds, label: label.optional() }),
  condition: z.object({
    key: flowVariableKey,
    condition: z.enum(FLOW_CONDITIONS),
    value: text().max(1_000, 'tooLong'),
  }),
  menu: z.object({
    message: body,
    arrayOption: z
      .array(
        z.object({
          number: numeric(z.number().int().min(1).max(50)),
          value: text().trim().min(1, 'required').max(100, 'tooLong'),
        }),
      )
      .min(1, 'required')
      .max(50, 'tooMany'),
  }),
  img: z.object({ url: storedMedia }),
  audio: z.object({ url: storedMedia, record: z.boolean().optional() }),
  video: z.object({ url: storedMedia, record: z.boolean().optional() }),
  randomizer: z.object({ percent: numeric(z.number().int().min(0).max(100)) }),
  singleBlock: z.object({
    seq: z.array(text().max(20)).min(1, 'required').max(50, 'tooMany'),
    elements: z.array(flowBlockElement).min(1, 'required').max(50, 'tooMany'),
  }),
  ticket: z.object({ data: z.object({ id: ref('queues'), name: optionalText(100) }) }),
  typebot: z.object({ typebotIntegration: typebotData }),
  openai: z.object({ typebotIntegration: openaiData }),
  question: z.object({
    typebotIntegration: z.object({ message: body, answerKey: flowVariableKey }),
  }),
} satisfies Record<FlowNodeType, z.ZodType>;
export type FlowNodeData = { [T in FlowNodeType]: z.infer<(typeof flowNodeData)[T]> };

const coordinate = numeric(z.number().min(-1_000_000).max(1_000_000));
const nodeBase = {
  id: text().min(1, 'required').max(64, 'tooLong'),
  position: z.object({ x: coordinate, y: coordinate }),
  selected: z.boolean().optional(),
  /** What the editor paints (a selected node's border); other keys are dropped. */
  style: z.object({ border: optionalText(100), backgroundColor: optionalText(50), color: optionalText(50) }).optional(),
};

/** One node: `{id, type, position, data}` with the type's data. */
export const flowNode = z.discriminatedUnion(
  'type',
  FLOW_NODE_TYPES.map((type) =>
    z.object({ ...nodeBase, type: z.literal(type), data: flowNodeData[type] }),
  ) as unknown as [z.ZodObject<typeof nodeBase & { type: z.ZodLiteral<FlowNodeType>; data: z.ZodType }>],
);
export type FlowNode = {
  [T in FlowNodeType]: {
    id: string;
    type: T;
    position: { x: number; y: number };
    data: FlowNodeData[T];
    selected?: boolean;
    style?: { border?: string; backgroundColor?: string; color?: string };
  };
}[FlowNodeType];

/**
 * A connection (edge) from `source` to `target`. Which way it leaves: a menu's option n by
 * `sourceHandle` `a{n}`, a randomizer by `a` (its percent) or `b`, a condition by `a` (true) or
 * `b` (false); other nodes have one way out (no handle, or `a`).
 */
export const flowConnection = z.object({
  id: optionalText(200),
  source: text().min(1, 'required').max(64, 'tooLong'),
  target: text().min(1, 'required').max(64, 'tooLong'),
  sourceHandle: text().max(20, 'tooLong').nullable().optional(),
  targetHandle: text().max(20, 'tooLong').nullable().optional(),
  type: optionalText(50),
  animated: z.boolean().optional(),
});
export type FlowConnection = z.infer<typeof flowConnection>;

/** The handles a node of this data may leave by (null: its single unnamed way out). */
export function sourceHandlesOf(node: FlowNode): readonly (string | null)[] {
  switch (node.type) {
    case 'menu':
      return node.data.arrayOption.map((o) => `a${o.number}`);
    case 'randomizer':
    case 'condition':
      return ['a', 'b'];
    case 'ticket':
      return [];
    default:
      return [null, 'a'];
  }
}

/** The kind of a content block's element, from its `number` (`message0` → message). */
export const blockElementKind = (number: string) =>
  /^[a-z]+/.exec(number)![0] as 'message' | 'interval' | 'img' | 'audio' | 'video';

/**
 * A content block's own rules (the spec's content dialog): every `seq` entry names one of its
 * elements, each element once; a text is not empty, an interval is 1–120 s, a media card names a
 * file (an empty card is deleted, not saved).
 */
function checkBlock(
  data: FlowNodeData['singleBlock'],
  at: (string | number)[],
  issue: (p: (string | number)[], m: string) => void,
) {
  const numbers = new Set<string>();
  data.elements.forEach((e, k) => {
    const path = [...at, 'elements', k];
    if (numbers.has(e.number)) issue([...path, 'number'], 'duplicate');
    numbers.add(e.number);
    const kind = blockElementKind(e.number);
    if (kind === 'interval') {
      const sec = /^\d{1,3}$/.test(e.value.trim()) ? Number(e.value.trim()) : NaN;
      if (Number.isNaN(sec)) issue([...path, 'value'], 'notANumber');
      else if (sec < 1) issue([...path, 'value'], 'tooSmall');
      else if (sec > FLOW_INTERVAL_MAX_SECONDS) issue([...path, 'value'], 'tooLarge');
    } else if (e.value.trim() === '') issue([...path, 'value'], 'required');
  });
  data.seq.forEach((n, k) => {
    if (!numbers.has(n)) issue([...at, 'seq', k], 'unknownElement');
  });
}

/**
 * The graph's rules, each refusal naming what breaks it (`nodes.3.id`, `connections.5.sourceHandle`):
 * one start node (id "1"); node ids unique; a menu's options numbered 1..n in order; a content
 * block's elements (checkBlock); edges between nodes that exist, never into the start, leaving by a
 * handle their source has, at most one edge per source handle; a ticket node ends the run (no way
 * out). Which queues and files a graph may name is the server's to check (the company's own).
 */
function checkGraph(graph: { nodes: FlowNode[]; connections: FlowConnection[] }, ctx: z.RefinementCtx) {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  const byId = new Map<string, FlowNode>();
  const starts = graph.nodes.filter((n) => n.type === 'start');
  if (starts.length !== 1) issue(['nodes'], starts.length === 0 ? 'startRequired' : 'oneStartOnly');
  graph.nodes.forEach((n, i) => {
    if (byId.has(n.id)) issue(['nodes', i, 'id'], 'duplicate');
    byId.set(n.id, n);
    if (n.type === 'start' && n.id !== FLOW_START_ID) issue(['nodes', i, 'id'], 'startIdIsOne');
    if (n.type === 'menu')
      n.data.arrayOption.forEach((o, k) => {
        if (o.number !== k + 1) issue(['nodes', i, 'data', 'arrayOption', k, 'number'], 'notSequential');
      });
    if (n.type === 'singleBlock') checkBlock(n.data, ['nodes', i, 'data'], issue);
  });
  const used = new Set<string>();
  graph.connections.forEach((c, i) => {
    const source = byId.get(c.source);
    const target = byId.get(c.target);
    if (!source) issue(['connections', i, 'source'], 'unknownNode');
    if (!target) issue(['connections', i, 'target'], 'unknownNode');
    else if (target.type === 'start') issue(['connections', i, 'target'], 'startHasNoEntry');
    if (!source || !target) return;
    if (c.source === c.target) issue(['connections', i, 'target'], 'selfLoop');
    const handle = c.sourceHandle ?? null;
    if (!sourceHandlesOf(source).includes(handle)) issue(['connections', i, 'sourceHandle'], 'unknownHandle');
    const key = `${c.source}\u0000${handle ?? 'a'}`;
    if (used.has(key)) issue(['connections', i, 'sourceHandle'], 'handleUsedTwice');
    used.add(key);
  });
}

const EXAMPLE_GRAPH = {
  nodes: [
    { id: FLOW_START_ID, type: 'start', position: { ...FLOW_START_POSITION }, data: { label: 'Inicio do fluxo' } },
    { id: 'k3x9q2m7v1c8b4n6z5w0r2t7y8u1i3', type: 'message', position: { x: 540, y: 100 }, data: { label: 'Olá!' } },
  ],
  connections: [{ source: FLOW_START_ID, target: 'k3x9q2m7v1c8b4n6z5w0r2t7y8u1i3' }],
};

/** `POST /flowbuilder/flow`: the whole graph of flow `idFlow`, refused whole when a rule breaks. */
export const flowGraphBody = z
  .object({
    idFlow: ref('flows'),
    // The examples: a graph the generated suites can start from (no draw meets the rules by chance).
    nodes: z
      .array(flowNode)
      .max(FLOW_MAX_NODES, 'tooMany')
      .meta({ examples: [EXAMPLE_GRAPH.nodes] }),
    connections: z
      .array(flowConnection)
      .max(FLOW_MAX_CONNECTIONS, 'tooMany')
      .meta({ examples: [EXAMPLE_GRAPH.connections] }),
  })
  .superRefine((g, ctx) => checkGraph(g as { nodes: FlowNode[]; connections: FlowConnection[] }, ctx));
export type FlowGraphBody = { idFlow: number; nodes: FlowNode[]; connections: FlowConnection[] };

/** `POST /flowbuilder {name}` (2–50). */
export const flowBody = z.object({ name: name2to50 });
export type FlowBody = z.infer<typeof flowBody>;
/** `PUT /flowbuilder {flowId, name}`; `active` switches it on or off. */
export const flowUpdateBody = z.object({ flowId: ref('flows'), name: name2to50, active: z.boolean().optional() });
export type FlowUpdateBody = z.infer<typeof flowUpdateBody>;
/** `POST /flowbuilder/duplicate {flowId}`. */
export const flowDuplicateBody = z.object({ flowId: ref('flows') });
export type FlowDuplicateBody = z.infer<typeof flowDuplicateBody>;
/** `GET /flowbuilder`: flows whose name contains `searchParam`, by name, 20 a page. */
export const flowsQuery = pageQuery;
export type FlowsQuery = z.infer<typeof flowsQuery>;

/** `POST /flowbuilder/img|audio|content`: multipart field `medias`. */
export const FLOW_MEDIA_FIELD = 'medias';
const MB = 1024 * 1024;
const IMAGE = { kind: 'image', types: ['image/png', 'image/jpeg'], maxBytes: 2 * MB } as const;
/** Opus is sent in an Ogg container (`.opus` as `audio/ogg`), as for file lists. */
const AUDIO = { kind: 'audio', types: ['audio/ogg', 'audio/mpeg'], maxBytes: 5 * MB } as const;
const VIDEO = { kind: 'video', types: ['video/mp4'], maxBytes: 20 * MB } as const;
/** What each upload route takes (the spec's limits); a file's bytes must match its type. */
export const FLOW_MEDIA_LIMITS = {
  img: [IMAGE],
  audio: [AUDIO],
  content: [IMAGE, AUDIO, VIDEO],
} as const;
export type FlowMediaRoute = keyof typeof FLOW_MEDIA_LIMITS;
/** Files one `content` upload may carry (`img` and `audio` take one). */
export const FLOW_MEDIA_MAX_FILES = 20;
/**
 * The answers: `img` and `audio` `{name}` (the stored file's name, which the spec's node dialogs
 * read as `data.name`), `content` the names in the order sent. A name is what a media node's data
 * carries (`url`, a block element's `value`).
 */
export interface FlowMediaName {
  name: string;
}
export type FlowMediaNames = string[];
/** `GET /flowbuilder/media?name=`: a file the flow API stored, to staff of its company. */
export const flowMediaQuery = z.object({ name: mediaName });
export type FlowMediaQuery = z.infer<typeof flowMediaQuery>;

export interface Flow {
  id: number;
  name: string;
  active: boolean;
  userId: number | null;
  companyId: number;
  createdAt: string;
  updatedAt: string;
}

/** `GET /flowbuilder` (20 a page, by name). */
export interface FlowPage {
  flows: Flow[];
  count: number;
  hasMore: boolean;
}

/** `GET /flowbuilder/flow/{id}`: the flow with its graph (null until first saved). */
export interface FlowWithGraph {
  flow: Flow & { flow: { nodes: FlowNode[]; connections: FlowConnection[] } | null };
}

/** `POST /flowcampaign`: start flow `flowId` when a message on `whatsappId` contains `phrase`. */
export const flowCampaignBody = z.object({
  name: text().trim().min(1, 'required').max(50, 'tooLong'),
  flowId: ref('flows'),
  whatsappId: ref('whatsapps'),
  phrase: text().trim().min(1, 'required').max(200, 'tooLong'),
});
export type FlowCampaignBody = z.infer<typeof flowCampaignBody>;
/** `PUT /flowcampaign {id, name, flowId, whatsappId, phrase, status}`. */
export const flowCampaignUpdateBody = flowCampaignBody.extend({ id: ref('flowCampaigns'), status: z.boolean() });
export type FlowCampaignUpdateBody = z.infer<typeof flowCampaignUpdateBody>;

export interface FlowCampaign {
  id: number;
  name: string;
  flowId: number;
  whatsappId: number | null;
  phrase: string;
  /** Active (the spec's Ativo) or not (Desativado). */
  status: boolean;
  companyId: number;
  createdAt: string;
  updatedAt: string;
}

/** `GET /flowcampaign`: every flow campaign of the company. */
export interface FlowCampaignList {
  flow: FlowCampaign[];
}
/** `GET /flowcampaign/{id}`. */
export interface FlowCampaignDetails {
  details: FlowCampaign;
}
