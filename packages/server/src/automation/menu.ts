/**
 * The chatbot's menus as text, and the option tree they walk. Pure: no database, no clock.
 *
 * A menu is one message: its header (a greeting, or the chosen option's message), the numbered
 * choices (`*1* - Vendas`), then the ways back. Entering a level with exactly one option skips
 * the one-line menu: that option's message follows at once (and so on down). A level with no
 * options is an answer (a leaf): only its text and the ways back.
 */

export interface MenuOption {
  id: number;
  parentId: number | null;
  title: string;
  message: string;
  /** Its number among its siblings, as stored ("1", "2" …). */
  option: string;
}

export const BACK = '0';
export const MAIN_MENU = '#';
const BACK_LINE = `*${BACK}* - Voltar`;
const MAIN_LINE = `*${MAIN_MENU}* - Menu inicial`;

const numberOf = (option: string) => (/^\d{1,9}$/.test(option.trim()) ? Number(option.trim()) : Number.NaN);

/** A customer's answer as a choice number: digits only ("2", " 2 ", "02"), else undefined. */
export function choiceOf(input: string): number | undefined {
  const m = /^\s*(\d{1,9})\s*[.)]?\s*$/.exec(input);
  return m ? Number(m[1]) : undefined;
}

/** The option tree of one queue; `null` is its top level. */
export class OptionTree {
  private readonly byParent = new Map<number | null, MenuOption[]>();
  private readonly byId = new Map<number, MenuOption>();

  constructor(options: readonly MenuOption[]) {
    for (const o of options) {
      this.byId.set(o.id, o);
      const list = this.byParent.get(o.parentId) ?? [];
      list.push(o);
      this.byParent.set(o.parentId, list);
    }
    for (const list of this.byParent.values()) {
      list.sort((a, b) => (numberOf(a.option) || Infinity) - (numberOf(b.option) || Infinity) || a.id - b.id);
    }
  }

  get(id: number): MenuOption | undefined {
    return this.byId.get(id);
  }

  children(parentId: number | null): MenuOption[] {
    return this.byParent.get(parentId) ?? [];
  }

  /** The child of `parentId` the customer's answer names, if any. */
  pick(parentId: number | null, input: string): MenuOption | undefined {
    const n = choiceOf(input);
    return n === undefined ? undefined : this.children(parentId).find((o) => numberOf(o.option) === n);
  }
}

/** Where the customer stands after entering a level: what they read, and what they may answer. */
export interface Level {
  /** The option whose choices are shown (null: the queue's top level); a leaf's own id. */
  position: number | null;
  /** Texts shown above the choices: the greeting or option message, then any skipped levels'. */
  headers: string[];
  choices: MenuOption[];
}

/** Enters `parentId`'s level; one-option levels are passed through, their messages kept. */
export function enter(tree: OptionTree, parentId: number | null, header: string): Level {
  const headers = [header];
  let position = parentId;
  let choices = tree.children(position);
  while (choices.length === 1) {
    const only = choices[0]!;
    headers.push(only.message);
    position = only.id;
    choices = tree.children(position);
  }
  return { position, headers, choices };
}

/** A level as shown again (going back, or repeating after an answer it did not understand). */
export function levelAt(tree: OptionTree, position: number | null, topHeader: string): Level {
  const header = position === null ? topHeader : (tree.get(position)?.message ?? '');
  return { position, headers: [header], choices: tree.children(position) };
}

/**
 * Where "0" leads from `position`: the nearest level above that offers a choice (one-option
 * levels were passed through on the way down). `'main'` when nothing above offers one.
 */
export function backFrom(tree: OptionTree, position: number | null): number | null | 'main' {
  if (position === null) return 'main';
  let parent = tree.get(position)?.parentId ?? null;
  while (parent !== null && tree.children(parent).length === 1) parent = tree.get(parent)?.parentId ?? null;
  if (parent === null && tree.children(null).length <= 1) return 'main';
  return parent;
}

const join = (parts: readonly string[]) =>
  parts
    .map((p) => p.trim())
    .filter(Boolean)
    .join('\n\n');

export const numbered = (items: readonly { label: string; title: string }[]) =>
  items.map((i) => `*${i.label}* - ${i.title}`).join('\n');

/**
 * A level as one message. At the queue's top level "#" leads to the list of queues (shown only
 * when there is one); deeper, "0" goes back a level and "#" to the start.
 */
export function renderLevel(level: Level, opts: { severalQueues: boolean }): string {
  const ways = level.position === null ? (opts.severalQueues ? [MAIN_LINE] : []) : [BACK_LINE, MAIN_LINE];
  return join([
    ...level.headers,
    numbered(level.choices.map((o) => ({ label: o.option.trim(), title: o.title }))),
    ways.join('\n'),
  ]);
}

/** The connection's menu: its greeting, then the queues numbered 1..n in their order. */
export function renderQueueMenu(greeting: string, queues: readonly { name: string }[]): string {
  return join([greeting, numbered(queues.map((q, i) => ({ label: String(i + 1), title: q.name })))]);
}
