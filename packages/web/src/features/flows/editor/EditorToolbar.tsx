/** Above the canvas: the reminder, undo and redo, the autosave's state and Salvar. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import RedoIcon from '@mui/icons-material/Redo';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import { useTranslation } from 'react-i18next';
import { SaveStatus } from './SaveStatus';
import type { SaveState } from './useFlowSave';

interface Props {
  state: SaveState;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onSave: () => void;
  onRetry: () => void;
}

export function EditorToolbar({ state, canUndo, canRedo, onUndo, onRedo, onSave, onRetry }: Props) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 200 }} data-testid="flow-reminder">
        {t('flows.editor.reminder')}
      </Typography>
      <Tooltip title={t('flows.editor.undo')}>
        <span>
          <IconButton onClick={onUndo} disabled={!canUndo} aria-label={t('flows.editor.undo')} data-testid="flow-undo">
            <UndoIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={t('flows.editor.redo')}>
        <span>
          <IconButton onClick={onRedo} disabled={!canRedo} aria-label={t('flows.editor.redo')} data-testid="flow-redo">
            <RedoIcon />
          </IconButton>
        </span>
      </Tooltip>
      <SaveStatus state={state} onRetry={onRetry} />
      <Button
        variant="contained"
        startIcon={<SaveIcon />}
        onClick={onSave}
        disabled={state === 'saving'}
        data-testid="flow-save"
      >
        {t('common.save')}
      </Button>
    </Box>
  );
}
