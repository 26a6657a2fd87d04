/** One level of the option tree (the top, or an option's sub-options), and a new option's card. */
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/SubdirectoryArrowRight';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../../lib/toast';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';
import { ErrorState } from '../../../lib/ui/ErrorState';
import type { QueueOption } from '@balcao/contracts';
import { OptionCard } from './OptionCard';
import { useOptionLevel, useOptionMutations } from './useQueueOptions';

interface LevelProps {
  queueId: number;
  parentId: number | null;
  /** The parent's number and a dot ("1.2."), empty at the top. */
  prefix: string;
  drafting: boolean;
  onDraftDone: () => void;
  /** Told how many options the level holds once it has loaded. */
  onCount?: (count: number) => void;
}

export function OptionLevel({ queueId, parentId, prefix, drafting, onDraftDone, onCount }: LevelProps) {
  const { t } = useTranslation();
  const level = useOptionLevel(queueId, parentId);
  const mutations = useOptionMutations(queueId, parentId);
  const [deleting, setDeleting] = useState<QueueOption | null>(null);
  const options = level.data ?? [];
  const loaded = level.data?.length;
  useEffect(() => {
    if (loaded !== undefined) onCount?.(loaded);
  }, [loaded, onCount]);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await mutations.remove.mutateAsync(deleting.id);
      toastSuccess(t('queues.options.deleted'));
    } catch (err) {
      toastError(err);
    }
    setDeleting(null);
  };

  if (level.isLoading) return <CircularProgress size={20} sx={{ display: 'block', mx: 'auto', my: 1 }} />;
  if (level.isError && !level.data) return <ErrorState onRetry={() => void level.refetch()} />;

  return (
    <Stack spacing={1.5}>
      {options.map((o) => (
        <OptionNode
          key={o.id}
          option={o}
          number={`${prefix}${o.option}`}
          queueId={queueId}
          onSave={(text) => mutations.update.mutateAsync({ id: o.id, ...text })}
          onDelete={() => setDeleting(o)}
        />
      ))}
      {drafting && (
        <OptionCard
          testId="queue-option-new"
          number={`${prefix}${options.length + 1}`}
          initial={{ title: '', message: '' }}
          isNew
          onSave={async (text) => {
            await mutations.create.mutateAsync(text);
            onDraftDone();
          }}
          onCancel={onDraftDone}
        />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('queues.options.confirmDelete', { title: deleting?.title ?? '' })}
        text={t('queues.options.confirmDeleteText')}
        confirmLabel={t('common.delete')}
        busy={mutations.remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

interface NodeProps {
  option: QueueOption;
  number: string;
  queueId: number;
  onSave: (text: { title: string; message: string }) => Promise<unknown>;
  onDelete: () => void;
}

/** A saved option, its buttons, and its sub-options below it (shown unless collapsed). */
function OptionNode({ option, number, queueId, onSave, onDelete }: NodeProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(true);
  const [drafting, setDrafting] = useState(false);
  const [children, setChildren] = useState(0);

  const addChild = () => {
    setExpanded(true);
    setDrafting(true);
  };

  return (
    <Box>
      <OptionCard
        testId="queue-option"
        number={number}
        initial={{ title: option.title, message: option.message ?? '' }}
        onSave={onSave}
        actions={
          <>
            <Button size="small" startIcon={<AddIcon />} onClick={addChild} data-testid="queue-option-add-child">
              {t('queues.options.addChild')}
            </Button>
            <Box sx={{ flexGrow: 1 }} />
            {children > 0 && (
              <Tooltip
                title={expanded ? t('queues.options.collapse') : t('queues.options.expand', { count: children })}
              >
                <IconButton
                  size="small"
                  aria-expanded={expanded}
                  aria-label={expanded ? t('queues.options.collapse') : t('queues.options.expand', { count: children })}
                  onClick={() => setExpanded((e) => !e)}
                >
                  {expanded ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
                </IconButton>
              </Tooltip>
            )}
            <Tooltip title={t('common.delete')}>
              <IconButton
                size="small"
                aria-label={t('common.delete')}
                onClick={onDelete}
                data-testid="queue-option-delete"
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        }
      />
      <Box
        hidden={!expanded}
        sx={{
          ml: { xs: 1.5, sm: 2.5 },
          pl: { xs: 1, sm: 2 },
          borderLeft: 2,
          borderColor: 'divider',
          mt: expanded && (children > 0 || drafting) ? 1.5 : 0,
        }}
      >
        <OptionLevel
          queueId={queueId}
          parentId={option.id}
          prefix={`${number}.`}
          drafting={drafting}
          onDraftDone={() => setDrafting(false)}
          onCount={setChildren}
        />
      </Box>
    </Box>
  );
}
