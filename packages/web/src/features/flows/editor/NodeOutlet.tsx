import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { Handle, Position } from '@xyflow/react';

/**
 * One way out of a node: a line of the card with its source handle on the card's right edge
 * (a menu's option `a{n}`, a randomizer's or condition's `a`/`b`, or a node's single `a`).
 */
export function NodeOutlet({ id, children }: { id: string; children?: ReactNode }) {
  return (
    <Box
      sx={{ position: 'relative', mr: -1.5, pr: 1.5, py: 0.25, minHeight: 20, fontSize: 12 }}
      data-testid="flow-node-outlet"
      data-handle={id}
    >
      {children}
      <Handle type="source" position={Position.Right} id={id} />
    </Box>
  );
}
