import type { FlowBlockElement, FlowCondition, FlowNode, FlowNodeData } from '@balcao/contracts';
import { FlowGraph } from './flow-graph.js';
import { fillText, normalized } from './flow-text.js';

/**
 * What a flow does on one trigger, decided without the database: from where the run stands and
 * what happened (started, the customer answered, its wait is over), the nodes run one after the
 * other until the next wait or the end. advance-flow.ts reads the run, calls `walkFlow` and
 * applies the outcome in one transaction.
 */

/** Nodes one trigger may run: a cycle without a wait (message → message → …) ends the run here. */
export const FLOW_STEP_MAX_NODES = 50;

export type FlowMediaKind = 'image' | 'audio' | 'video';

export type FlowSend =
  | { kind: 'text'; body: string }
  /** `key`: the storage key the flow API answered for the upload; `name`: the file name it came with. */
  | { kind: 'media'; type: FlowMediaKind; key: string; name?: string; record?: boolean };

/** Why a run ended (`flow_runs.end_reason`). */
export type FlowEndReason =
  | 'end' // a node without a way out
  | 'ticket' // a ticket node moved the ticket to a queue
  | 'handover' // typebot / openai: the conversation goes on with that service (`handover`)
  | 'loop' // more than FLOW_STEP_MAX_NODES nodes without a wait
  | 'nodeGone'; // the run's node is no longer in the graph (the flow was edited)

export interface RunPlace {
  nodeId: string | null;
  /** Inside a content block: the element to go on from after its interval. */
  blockAt: number | null;
  waiting: 'input' | 'time' | null;
  variables: Record<string, string>;
}

export type FlowTrigger = { kind: 'start' } | { kind: 'input'; text: string } | { kind: 'time' };

export interface FlowOutcome {
  /** What to send, in order. */
  sends: FlowSend[];
  /** A ticket node: the queue the ticket goes to (pending, no attendant). */
  moveToQueue?: number;
  /** A typebot node: the Typebot integration its data names takes the conversation. */
  handover?: { type: 'typebot'; typebot: FlowNodeData['typebot']['typebotIntegration'] };
  /**
   * The run waits at an openai node: the AI (automation/prompts, with the node's settings)
   * answers the message that drove this step, and each input after it, until it hands over.
   */
  askAi?: true;
  nodeId: string | null;
  blockAt: number | null;
  variables: Record<string, string>;
  /** What the run waits for now; absent when it ended. */
  wait?: { kind: 'input' } | { kind: 'time'; seconds: number };
  end?: FlowEndReason;
  /** Nodes run by this trigger. */
  nodes: number;
}

export interface WalkEnv {
  /** The message variables ({{name}}, {{firstName}} …) of the ticket, now. */
  messageVariables: Record<string, string>;
  /** [0, 1): the randomizer's draw. */
  random: () => number;
}

export function walkFlow(graph: FlowGraph, at: RunPlace, trigger: FlowTrigger, env: WalkEnv): FlowOutcome {
  return new Walk(graph, at, env).on(trigger);
}

class Walk {
  private readonly sends: FlowSend[] = [];
  private readonly vars: Map<string, string>;
  private nodes = 0;
  private moveToQueue: number | undefined;
  private handover: FlowOutcome['handover'];
  private askAi = false;

  constructor(
    private readonly graph: FlowGraph,
    private readonly at: RunPlace,
    private readonly env: WalkEnv,
  ) {
    // A Map: answer keys are the flow author's words (`__proto__` included).
    this.vars = new Map(Object.entries(at.variables));
  }

  on(trigger: FlowTrigger): FlowOutcome {
    if (trigger.kind === 'start') {
      const start = this.graph.start();
      return start ? this.from(start) : this.ended(null, 'nodeGone');
    }
    const node = this.graph.node(this.at.nodeId);
    if (!node) return this.ended(this.at.nodeId, 'nodeGone');
    if (trigger.kind === 'input') return this.answer(node, trigger.text);
    // The wait is over: an interval goes on by its way out, a content block from its next element.
    if (node.type === 'singleBlock' && this.at.blockAt !== null) return this.block(node, this.at.blockAt);
    return this.from(this.graph.next(node));
  }

  /** The customer's answer to the menu or question the run waits on. */
  private answer(node: FlowNode, text: string): FlowOutcome {
    if (node.type === 'menu') {
      const n = /^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : NaN;
      if (!node.data.arrayOption.some((o) => o.number === n)) return this.menu(node);
      return this.from(this.graph.next(node, `a${n}`));
    }
    if (node.type === 'openai') return this.ai(node.id);
    if (node.type === 'question') {
      this.vars.set(node.data.typebotIntegration.answerKey, text.trim());
      return this.from(this.graph.next(node));
    }
    return this.ended(node.id, 'nodeGone');
  }

  /** Runs nodes from `node` until a wait or the end. */
  private from(first: FlowNode | undefined): FlowOutcome {
    let node = first;
    let lastId = first?.id ?? this.at.nodeId;
    while (node) {
      if (++this.nodes > FLOW_STEP_MAX_NODES) return this.ended(node.id, 'loop');
      lastId = node.id;
      switch (node.type) {
        case 'start':
          node = this.graph.next(node);
          break;
        case 'message':
          this.text(node.data.label);
          node = this.graph.next(node);
          break;
        case 'img':
          this.media('image', node.data.url);
          node = this.graph.next(node);
          break;
        case 'audio':
        case 'video':
          this.media(node.type, node.data.url, undefined, node.data.record);
          node = this.graph.next(node);
          break;
        case 'interval':
          return this.waiting(node.id, null, { kind: 'time', seconds: node.data.sec });
        case 'singleBlock':
          return this.block(node, 0);
        case 'menu':
          return this.menu(node);
        case 'question':
          this.text(node.data.typebotIntegration.message);
          return this.waiting(node.id, null, { kind: 'input' });
        case 'condition':
          node = this.graph.next(node, this.holds(node.data) ? 'a' : 'b');
          break;
        case 'randomizer':
          node = this.graph.next(node, this.env.random() * 100 < node.data.percent ? 'a' : 'b');
          break;
        case 'ticket':
          this.moveToQueue = node.data.data.id;
          return this.ended(node.id, 'ticket');
        case 'typebot':
          this.handover = { type: 'typebot', typebot: node.data.typebotIntegration };
          return this.ended(node.id, 'handover');
        case 'openai':
          return this.ai(node.id);
      }
    }
    return this.ended(lastId, 'end');
  }

  /** A content block's elements in `seq` order from `index`; an interval element waits there. */
  private block(node: Extract<FlowNode, { type: 'singleBlock' }>, index: number): FlowOutcome {
    const elements = new Map(node.data.elements.map((e) => [e.number, e]));
    for (let i = index; i < node.data.seq.length; i++) {
      const element = elements.get(node.data.seq[i]!);
      if (!element) continue;
      const seconds = this.element(element);
      if (seconds > 0) return this.waiting(node.id, i + 1, { kind: 'time', seconds });
    }
    return this.from(this.graph.next(node));
  }

  /** Sends one block element; answers the seconds to wait when it is an interval (else 0). */
  private element(e: FlowBlockElement): number {
    const kind = /^[a-z]+/.exec(e.number)?.[0];
    if (kind === 'message') this.text(e.value);
    else if (kind === 'img') this.media('image', e.value, e.original);
    else if (kind === 'audio' || kind === 'video') this.media(kind, e.value, e.original, e.record);
    else if (kind === 'interval') {
      const seconds = Number(e.value);
      return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 120) : 0;
    }
    return 0;
  }

  private menu(node: Extract<FlowNode, { type: 'menu' }>): FlowOutcome {
    const lines = node.data.arrayOption.map((o) => `[${o.number}] ${o.value}`);
    this.text(`${node.data.message}\n${lines.join('\n')}`);
    return this.waiting(node.id, null, { kind: 'input' });
  }

  private holds(c: FlowNodeData['condition']): boolean {
    const left = this.vars.get(c.key) ?? this.env.messageVariables[c.key] ?? '';
    return compare(left, c.condition, c.value);
  }

  private text(template: string) {
    const values = new Map([...Object.entries(this.env.messageVariables), ...this.vars]);
    const body = fillText(template, values).trim();
    if (body) this.sends.push({ kind: 'text', body });
  }

  private media(type: FlowMediaKind, key: string, name?: string, record?: boolean) {
    if (key.trim()) this.sends.push({ kind: 'media', type, key: key.trim(), name, record });
  }

  /** An openai node: the run waits there for input, each one answered by the AI. */
  private ai(nodeId: string): FlowOutcome {
    this.askAi = true;
    return this.waiting(nodeId, null, { kind: 'input' });
  }

  private waiting(nodeId: string, blockAt: number | null, wait: FlowOutcome['wait']): FlowOutcome {
    return { ...this.result(nodeId, blockAt), wait };
  }

  private ended(nodeId: string | null, end: FlowEndReason): FlowOutcome {
    return { ...this.result(nodeId, null), end };
  }

  private result(nodeId: string | null, blockAt: number | null) {
    return {
      sends: this.sends,
      moveToQueue: this.moveToQueue,
      ...(this.handover ? { handover: this.handover } : {}),
      ...(this.askAi ? { askAi: true as const } : {}),
      nodeId,
      blockAt,
      variables: Object.fromEntries(this.vars),
      nodes: this.nodes,
    };
  }
}

/**
 * A condition: text compared with case, accents and surrounding spaces ignored; greater and less
 * compare numbers (a decimal comma read as a point), false when either side is not one.
 */
export function compare(left: string, condition: FlowCondition, right: string): boolean {
  const a = normalized(left);
  const b = normalized(right);
  switch (condition) {
    case 'equals':
      return a === b;
    case 'notEquals':
      return a !== b;
    case 'contains':
      return a.includes(b);
    case 'startsWith':
      return a.startsWith(b);
    case 'greater':
    case 'less': {
      const x = numberOf(a);
      const y = numberOf(b);
      if (x === undefined || y === undefined) return false;
      return condition === 'greater' ? x > y : x < y;
    }
  }
}

function numberOf(text: string): number | undefined {
  if (!/^[-+]?\d+([.,]\d+)?$/.test(text)) return undefined;
  return Number(text.replace(',', '.'));
}
