/**
 * The chatbot's option tree of a saved queue (automation §2 queue modal): add an option,
 * rename it, edit its message, delete it (with its sub-options), add sub-options at any depth.
 * Every change is saved at once; the server renumbers siblings 1..n after a delete.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { OptionLevel } from './OptionLevel';

export function QueueOptionsEditor({ queueId }: { queueId: number }) {
  const { t } = useTranslation();
  const [drafting, setDrafting] = useState(false);
  const [count, setCount] = useState<number | null>(null);

  return (
    <Stack spacing={1.5} data-testid="queue-options">
      <div>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('queues.options.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('queues.options.hint')}
        </Typography>
      </div>
      <OptionLevel
        queueId={queueId}
        parentId={null}
        prefix=""
        drafting={drafting}
        onDraftDone={() => setDrafting(false)}
        onCount={setCount}
      />
      {count === 0 && !drafting && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ textAlign: 'center', py: 1 }}
          data-testid="queue-options-empty"
        >
          {t('queues.options.empty')}
        </Typography>
      )}
      <div>
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          onClick={() => setDrafting(true)}
          disabled={drafting}
          data-testid="queue-option-add"
        >
          {t('queues.options.add')}
        </Button>
      </div>
    </Stack>
  );
}
