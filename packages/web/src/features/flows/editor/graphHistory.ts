/**
 * Undo and redo of the drawing (issue 35): snapshots of nodes and connections taken before each
 * change a person makes (add, edit, duplicate, delete, connect, a drag), the newest 100 kept.
 * Selection and measuring are not changes.
 */
import type { EditorEdge, EditorNode } from './flowGraph';

export interface Drawing {
  nodes: EditorNode[];
  edges: EditorEdge[];
}

const LIMIT = 100;

export class GraphHistory {
  private past: Drawing[] = [];
  private future: Drawing[] = [];

  /** `now` is about to change: it becomes the step back, and the steps forward are gone. */
  record(now: Drawing) {
    this.past.push(now);
    if (this.past.length > LIMIT) this.past.shift();
    this.future = [];
  }

  /** The drawing before the last change, `now` kept for redo; undefined when there is none. */
  undo(now: Drawing): Drawing | undefined {
    const back = this.past.pop();
    if (back) this.future.push(now);
    return back;
  }

  redo(now: Drawing): Drawing | undefined {
    const forward = this.future.pop();
    if (forward) this.past.push(now);
    return forward;
  }

  get canUndo() {
    return this.past.length > 0;
  }

  get canRedo() {
    return this.future.length > 0;
  }
}
