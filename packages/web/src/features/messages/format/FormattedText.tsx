/**
 * A message's text with WhatsApp's styles (parseWhatsApp.ts) as elements: <strong>, <em>, <s>,
 * <code>. Everything the user wrote stays React text, escaped. `singleLine` (list previews)
 * turns line breaks into spaces, so the preview's ellipsis still cuts one line.
 */
import { memo, useMemo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { parseWhatsApp, type Span } from './parseWhatsApp';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ');

function render(spans: Span[], singleLine: boolean): ReactNode[] {
  return spans.map((span, i) => {
    switch (span.kind) {
      case 'text':
        return singleLine ? oneLine(span.text) : span.text;
      case 'bold':
        return <strong key={i}>{render(span.children, singleLine)}</strong>;
      case 'italic':
        return <em key={i}>{render(span.children, singleLine)}</em>;
      case 'strike':
        return <s key={i}>{render(span.children, singleLine)}</s>;
      case 'mono':
        return (
          <Box component="code" key={i} sx={{ fontFamily: MONO, fontSize: '0.92em' }}>
            {singleLine ? oneLine(span.text) : span.text}
          </Box>
        );
      case 'code':
        return (
          <Box
            component="code"
            key={i}
            sx={{ fontFamily: MONO, fontSize: '0.92em', bgcolor: 'action.hover', borderRadius: 0.5, px: 0.5 }}
          >
            {span.text}
          </Box>
        );
    }
  });
}

function FormattedTextView({ text, singleLine = false }: { text: string; singleLine?: boolean }) {
  const nodes = useMemo(() => render(parseWhatsApp(text), singleLine), [text, singleLine]);
  return <>{nodes}</>;
}

export const FormattedText = memo(FormattedTextView);
