/**
 * WhatsApp's text styles as the phone shows them: *bold*, _italic_, ~strikethrough~ and
 * ```monospace```. A marker only counts around a non-blank run on one line, as on WhatsApp.
 */
import type { ReactNode } from 'react';

const STYLE = /(```[^`]+```|\*[^*\s](?:[^*\n]*[^*\s])?\*|_[^_\s](?:[^_\n]*[^_\s])?_|~[^~\s](?:[^~\n]*[^~\s])?~)/g;

export function formatText(text: string): ReactNode[] {
  return text.split(STYLE).map((part, i) => {
    if (i % 2 === 0) return part;
    if (part.startsWith('```')) return <code key={i}>{part.slice(3, -3)}</code>;
    const inner = part.slice(1, -1);
    if (part.startsWith('*')) return <strong key={i}>{inner}</strong>;
    if (part.startsWith('_')) return <em key={i}>{inner}</em>;
    return <s key={i}>{inner}</s>;
  });
}
