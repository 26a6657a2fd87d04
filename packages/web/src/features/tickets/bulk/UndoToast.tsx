/** A success toast with an "undo" button (the reverse bulk action), closed once clicked. */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { toast } from 'react-toastify';
import { TOAST_MS } from '@balcao/contracts';

const UNDO_MS = Math.max(TOAST_MS, 8000);

export function toastWithUndo(text: string, undoLabel: string, onUndo: () => void) {
  const id = toast.success(
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <span>{text}</span>
      <Button
        size="small"
        color="inherit"
        variant="outlined"
        onClick={() => {
          toast.dismiss(id);
          onUndo();
        }}
        data-testid="bulk-undo"
      >
        {undoLabel}
      </Button>
    </Stack>,
    { autoClose: UNDO_MS },
  );
}
