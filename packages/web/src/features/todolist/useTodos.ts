import { useCallback, useState } from 'react';

/**
 * Tasks live only in this browser (foundation §2, operations: todo list), under the spec's key
 * and fields; `done` is ours (absent on tasks saved before it: not done).
 */
export interface Todo {
  text: string;
  createdAt: string;
  updatedAt: string;
  done?: boolean;
}

const KEY = 'tasks';

function load(): Todo[] {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(raw)
      ? raw.filter((t): t is Todo => typeof t === 'object' && t !== null && typeof (t as Todo).text === 'string')
      : [];
  } catch {
    return [];
  }
}

export function useTodos() {
  const [todos, setTodos] = useState<Todo[]>(load);

  const commit = useCallback((update: (list: Todo[]) => Todo[]) => {
    setTodos((list) => {
      const next = update(list);
      localStorage.setItem(KEY, JSON.stringify(next));
      return next;
    });
  }, []);

  /** Adds a task; empty text is ignored. Returns whether something was added. */
  const add = useCallback(
    (text: string) => {
      const clean = text.trim();
      if (!clean) return false;
      const now = new Date().toISOString();
      commit((list) => [...list, { text: clean, createdAt: now, updatedAt: now }]);
      return true;
    },
    [commit],
  );

  const update = useCallback(
    (index: number, text: string) => {
      const clean = text.trim();
      if (!clean) return false;
      commit((list) =>
        list.map((t, i) => (i === index ? { ...t, text: clean, updatedAt: new Date().toISOString() } : t)),
      );
      return true;
    },
    [commit],
  );

  /** Marks a task done, or not done again. */
  const toggle = useCallback(
    (index: number) =>
      commit((list) =>
        list.map((t, i) => (i === index ? { ...t, done: !t.done, updatedAt: new Date().toISOString() } : t)),
      ),
    [commit],
  );

  const remove = useCallback((index: number) => commit((list) => list.filter((_, i) => i !== index)), [commit]);

  return { todos, add, update, toggle, remove };
}
