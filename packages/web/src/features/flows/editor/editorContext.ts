import { createContext, useContext } from 'react';

/** What a node or an edge on the canvas may ask of the editor. */
export interface EditorActions {
  edit(id: string): void;
  duplicate(id: string): void;
  remove(id: string): void;
  removeEdge(id: string): void;
  /** Nodes and edges the server refused on the last save, with its reason. */
  problems: Map<string, string>;
}

export const EditorContext = createContext<EditorActions | null>(null);

export function useEditorActions(): EditorActions {
  const actions = useContext(EditorContext);
  if (!actions) throw new Error('useEditorActions outside the flow editor');
  return actions;
}
