import { describe, expect, it } from 'vitest';
import {
  OptionTree,
  backFrom,
  choiceOf,
  enter,
  levelAt,
  renderLevel,
  renderQueueMenu,
  type MenuOption,
} from './menu.js';

const opt = (id: number, parentId: number | null, option: string, title: string, message = ''): MenuOption => ({
  id,
  parentId,
  option,
  title,
  message,
});

// Top: 1 Vendas (answer), 2 Suporte → 1 Hardware (→ only Notebooks → 1 Tela, 2 Teclado), 2 Software.
const tree = new OptionTree([
  opt(12, 2, '2', 'Software', 'Qual programa?'),
  opt(2, null, '2', 'Suporte', 'Suporte técnico:'),
  opt(1, null, '1', 'Vendas', 'Fale com vendas.'),
  opt(11, 2, '1', 'Hardware', 'Hardware:'),
  opt(111, 11, '1', 'Notebooks', 'Notebooks:'),
  opt(1111, 111, '1', 'Tela', 'Tela quebrada?'),
  opt(1112, 111, '2', 'Teclado', 'Teclado?'),
]);

describe('menus', () => {
  it('the queue menu: greeting, then the queues numbered in order', () => {
    expect(renderQueueMenu('Olá! Escolha:', [{ name: 'Vendas' }, { name: 'Suporte' }])).toBe(
      'Olá! Escolha:\n\n*1* - Vendas\n*2* - Suporte',
    );
    expect(renderQueueMenu('  ', [{ name: 'A' }])).toBe('*1* - A');
  });

  it('a queue top level lists its options by number; "#" is offered only with several queues', () => {
    const top = enter(tree, null, 'Bem-vindo ao suporte');
    expect(top).toMatchObject({ position: null, choices: [{ id: 1 }, { id: 2 }] });
    expect(renderLevel(top, { severalQueues: true })).toBe(
      'Bem-vindo ao suporte\n\n*1* - Vendas\n*2* - Suporte\n\n*#* - Menu inicial',
    );
    expect(renderLevel(top, { severalQueues: false })).toBe('Bem-vindo ao suporte\n\n*1* - Vendas\n*2* - Suporte');
  });

  it('a sub-level shows the option message, its choices and the ways back', () => {
    const level = enter(tree, 2, 'Suporte técnico:');
    expect(renderLevel(level, { severalQueues: false })).toBe(
      'Suporte técnico:\n\n*1* - Hardware\n*2* - Software\n\n*0* - Voltar\n*#* - Menu inicial',
    );
  });

  it('a level with one option advances by itself, keeping the messages on the way', () => {
    const level = enter(tree, 11, 'Hardware:');
    expect(level).toMatchObject({ position: 111, headers: ['Hardware:', 'Notebooks:'] });
    expect(renderLevel(level, { severalQueues: false })).toBe(
      'Hardware:\n\nNotebooks:\n\n*1* - Tela\n*2* - Teclado\n\n*0* - Voltar\n*#* - Menu inicial',
    );
  });

  it('an answer (leaf) is its text and the ways back', () => {
    const leaf = enter(tree, 1, 'Fale com vendas.');
    expect(leaf).toMatchObject({ position: 1, choices: [] });
    expect(renderLevel(leaf, { severalQueues: true })).toBe('Fale com vendas.\n\n*0* - Voltar\n*#* - Menu inicial');
  });

  it('"0" climbs to the nearest level offering a choice; above the top is the main menu', () => {
    expect(backFrom(tree, 1112)).toBe(111);
    expect(backFrom(tree, 111)).toBe(2); // Hardware was passed through
    expect(backFrom(tree, 2)).toBeNull();
    expect(backFrom(tree, null)).toBe('main');
    const single = new OptionTree([opt(1, null, '1', 'Único', 'Só isto'), opt(2, 1, '1', 'A'), opt(3, 1, '2', 'B')]);
    expect(backFrom(single, 1)).toBe('main');
    expect(levelAt(tree, 2, 'top')).toMatchObject({ headers: ['Suporte técnico:'], choices: [{ id: 11 }, { id: 12 }] });
  });

  it('reads a choice from digits only', () => {
    expect(choiceOf('2')).toBe(2);
    expect(choiceOf(' 02 ')).toBe(2);
    expect(choiceOf('2.')).toBe(2);
    expect(choiceOf('2 pizzas')).toBeUndefined();
    expect(choiceOf('dois')).toBeUndefined();
    expect(tree.pick(null, '2')?.id).toBe(2);
    expect(tree.pick(null, '3')).toBeUndefined();
  });
});
