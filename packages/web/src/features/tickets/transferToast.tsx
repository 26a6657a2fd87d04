/**
 * After a transfer (issue 36): the ticket does not just vanish from the person's list — the toast
 * names where it went and, when they can still see it there, opens it.
 */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { toast } from 'react-toastify';
import { TOAST_MS } from '@balcao/contracts';

const READ_MS = Math.max(TOAST_MS, 6000);

export function toastTransferred(text: string, open?: { label: string; go: () => void }) {
  const id = toast.success(
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="transferred-toast">
      <span>{text}</span>
      {open && (
        <Button
          size="small"
          color="inherit"
          variant="outlined"
          onClick={() => {
            toast.dismiss(id);
            open.go();
          }}
          data-testid="transferred-open"
        >
          {open.label}
        </Button>
      )}
    </Stack>,
    { autoClose: READ_MS },
  );
}
