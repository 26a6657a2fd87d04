import { describe, expect, it } from 'vitest';
import { FlowGraph } from './flow-graph.js';
import { compare, walkFlow, type RunPlace } from './run-node.js';
import { containsPhrase, fillText } from './flow-text.js';
import { edge, node } from '../../../test/support/flows.js';

const env = (random = 0.5) => ({ messageVariables: { firstName: 'Ana', name: 'Ana Lima' }, random: () => random });
const at = (nodeId: string | null, waiting: RunPlace['waiting'] = null, blockAt: number | null = null): RunPlace => ({
  nodeId,
  blockAt,
  waiting,
  variables: {},
});

describe('walkFlow', () => {
  const menu = new FlowGraph({
    nodes: [
      node('1', 'start', {}),
      node('m', 'menu', {
        message: 'Oi {{firstName}}',
        arrayOption: [
          { number: 1, value: 'Um' },
          { number: 2, value: 'Dois' },
        ],
      }),
      node('one', 'message', { label: 'um' }),
    ],
    connections: [edge('1', 'm'), edge('m', 'one', 'a1')],
  });

  it('a menu: sent with its options, an unknown answer repeats it, a known one follows a{n}; no way out ends', () => {
    const started = walkFlow(menu, at(null), { kind: 'start' }, env());
    expect(started).toMatchObject({
      sends: [{ kind: 'text', body: 'Oi Ana\n[1] Um\n[2] Dois' }],
      nodeId: 'm',
      wait: { kind: 'input' },
    });
    expect(walkFlow(menu, at('m', 'input'), { kind: 'input', text: '3' }, env())).toMatchObject({
      sends: [{ body: 'Oi Ana\n[1] Um\n[2] Dois' }],
      wait: { kind: 'input' },
    });
    expect(walkFlow(menu, at('m', 'input'), { kind: 'input', text: ' 1 ' }, env())).toMatchObject({
      sends: [{ body: 'um' }],
      end: 'end',
    });
    // Option 2 has no edge: the run ends there.
    expect(walkFlow(menu, at('m', 'input'), { kind: 'input', text: '2' }, env())).toMatchObject({
      sends: [],
      end: 'end',
    });
  });

  it('randomizer at 0 always leaves by b, at 100 always by a', () => {
    const g = (percent: number) =>
      new FlowGraph({
        nodes: [
          node('1', 'start', {}),
          node('r', 'randomizer', { percent }),
          node('a', 'message', { label: 'A' }),
          node('b', 'message', { label: 'B' }),
        ],
        connections: [edge('1', 'r'), edge('r', 'a', 'a'), edge('r', 'b', 'b')],
      });
    for (const draw of [0, 0.5, 0.999]) {
      expect(walkFlow(g(0), at(null), { kind: 'start' }, env(draw)).sends).toEqual([{ kind: 'text', body: 'B' }]);
      expect(walkFlow(g(100), at(null), { kind: 'start' }, env(draw)).sends).toEqual([{ kind: 'text', body: 'A' }]);
    }
  });

  it('a content block waits on its interval and goes on from the next element', () => {
    const g = new FlowGraph({
      nodes: [
        node('1', 'start', {}),
        node('b', 'singleBlock', {
          seq: ['message0', 'interval1', 'audio2'],
          elements: [
            { number: 'message0', value: 'antes' },
            { number: 'interval1', value: '7' },
            { number: 'audio2', value: 'k.ogg', original: 'voz.ogg', record: true },
          ],
        }),
      ],
      connections: [edge('1', 'b')],
    });
    expect(walkFlow(g, at(null), { kind: 'start' }, env())).toMatchObject({
      nodeId: 'b',
      blockAt: 2,
      wait: { kind: 'time', seconds: 7 },
    });
    expect(walkFlow(g, at('b', 'time', 2), { kind: 'time' }, env())).toMatchObject({
      sends: [{ kind: 'media', type: 'audio', key: 'k.ogg', name: 'voz.ogg', record: true }],
      end: 'end',
    });
  });

  it('a cycle without a wait stops after 50 nodes', () => {
    const g = new FlowGraph({
      nodes: [node('1', 'start', {}), node('x', 'message', { label: 'x' }), node('y', 'message', { label: 'y' })],
      connections: [edge('1', 'x'), edge('x', 'y'), edge('y', 'x')],
    });
    const out = walkFlow(g, at(null), { kind: 'start' }, env());
    expect(out).toMatchObject({ end: 'loop', nodes: 51 });
    expect(out.sends).toHaveLength(49);
  });

  it('a node that left the graph ends the run', () => {
    expect(walkFlow(menu, at('gone', 'input'), { kind: 'input', text: '1' }, env())).toMatchObject({ end: 'nodeGone' });
  });

  it('an openai node: the run waits there, and every input there is the AI’s (askAi), never a way out', () => {
    const graph = new FlowGraph({
      nodes: [
        node('1', 'start', {}),
        node('hi', 'message', { label: 'Olá {{firstName}}' }),
        node('ai', 'openai', { typebotIntegration: { prompt: 'Você é um assistente.', queueId: 3 } }),
        node('never', 'message', { label: 'depois da IA' }),
      ],
      connections: [edge('1', 'hi'), edge('hi', 'ai'), edge('ai', 'never')],
    });
    expect(walkFlow(graph, at(null), { kind: 'start' }, env())).toMatchObject({
      sends: [{ kind: 'text', body: 'Olá Ana' }],
      nodeId: 'ai',
      wait: { kind: 'input' },
      askAi: true,
    });
    const input = walkFlow(graph, at('ai', 'input'), { kind: 'input', text: 'quero ajuda' }, env());
    expect(input).toMatchObject({ sends: [], nodeId: 'ai', wait: { kind: 'input' }, askAi: true });
    expect(input.end).toBeUndefined();
  });
});

describe('text rules', () => {
  it('conditions ignore case and accents; greater and less compare numbers', () => {
    expect(compare(' São Paulo ', 'equals', 'sao paulo')).toBe(true);
    expect(compare('São Paulo', 'notEquals', 'sao paulo')).toBe(false);
    expect(compare('Avenida São João', 'contains', 'SAO JOAO')).toBe(true);
    expect(compare('Ônibus', 'startsWith', 'oni')).toBe(true);
    expect(compare('10,5', 'greater', '9')).toBe(true);
    expect(compare('10', 'less', '9')).toBe(false);
    expect(compare('dez', 'greater', '9')).toBe(false);
    expect(compare('dez', 'less', '9')).toBe(false);
  });

  it('phrases are found inside longer texts; answers fill their keys once, unknown ones stay', () => {
    expect(containsPhrase('Vi a PROMOÇÃO de verão!', '  promocao DE VERAO ')).toBe(true);
    expect(containsPhrase('promo', 'promoção')).toBe(false);
    const values = new Map([
      ['nome', '{{name}}'],
      ['name', 'Ana'],
    ]);
    expect(fillText('{{nome}} / {{ name }} / {{outra}}', values)).toBe('{{name}} / Ana / {{outra}}');
  });
});
