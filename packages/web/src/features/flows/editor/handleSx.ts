/**
 * The canvas's own CSS. Connection handles a person can hit (issue 35: they were 6 px): 14 px dots with a 36 px
 * invisible target around each, 20 px dots on touch screens, and a ring on hover.
 */
export const handleSx = {
  '& .react-flow__handle': {
    width: 14,
    height: 14,
    borderWidth: 2,
    borderColor: 'background.paper',
    bgcolor: 'primary.main',
    '&::after': { content: '""', position: 'absolute', inset: -11, borderRadius: '50%' },
    '&:hover': {
      boxShadow: (t: { palette: { primary: { main: string } } }) => `0 0 0 4px ${t.palette.primary.main}40`,
    },
    '@media (pointer: coarse)': { width: 20, height: 20 },
  },
  // The delete button in the middle of each connection (DeletableEdge).
  '& .flow-edge-delete': {
    position: 'absolute',
    pointerEvents: 'all',
    width: 20,
    height: 20,
    p: 0,
    borderRadius: '50%',
    border: 1,
    borderColor: 'divider',
    bgcolor: 'background.paper',
    color: 'text.secondary',
    font: 'inherit',
    fontSize: 14,
    lineHeight: '18px',
    cursor: 'pointer',
    '&:hover': { bgcolor: 'action.hover' },
    '&[data-problem="true"]': { bgcolor: 'error.main', color: 'error.contrastText' },
  },
} as const;
