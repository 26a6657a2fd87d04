/**
 * One node on the canvas: a card with its type's icon and name, what it does, a target handle on
 * the left (not the start) and its ways out on the right. Selected: a blue border; refused by the
 * last save: a red one with the reason. The menu (duplicate, delete) is on every node but the start.
 */
import { memo, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import { useEditorActions } from './editorContext';
import type { EditorNode } from './flowGraph';
import { kindOf } from './nodeKinds';
import { NodeSummary } from './NodeSummary';

/** The spec's selected-node border. */
export const SELECTED_BORDER = '#1e6fff';

function FlowNodeCard({ id, type, data, selected }: NodeProps<EditorNode>) {
  const { t } = useTranslation();
  const actions = useEditorActions();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const kind = kindOf(type);
  const Icon = kind.icon;
  const problem = actions.problems.get(id);
  const border = problem ? 'error.main' : selected ? SELECTED_BORDER : 'divider';
  return (
    <Box
      data-testid="flow-node"
      data-node-type={type}
      data-selected={selected ? 'true' : 'false'}
      data-problem={problem ? 'true' : undefined}
      sx={{
        width: 220,
        bgcolor: 'background.paper',
        color: 'text.primary',
        border: 2,
        borderColor: border,
        borderRadius: 1.5,
        boxShadow: 2,
        px: 1.5,
        pb: 1,
      }}
    >
      {type !== 'start' && <Handle type="target" position={Position.Left} />}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, py: 0.75 }}>
        <Icon sx={{ color: kind.color, fontSize: 20 }} />
        <Typography variant="subtitle2" sx={{ flex: 1, fontWeight: 600 }} noWrap>
          {t(`flows.nodes.${type}`)}
        </Typography>
        {type !== 'start' && (
          <IconButton
            size="small"
            className="nodrag"
            aria-label={t('flows.editor.nodeMenu')}
            data-testid="flow-node-menu"
            onClick={(e) => setMenu(e.currentTarget)}
            sx={{ mr: -1 }}
          >
            <MoreVertIcon fontSize="small" />
          </IconButton>
        )}
      </Box>
      <NodeSummary type={type} data={data} />
      {problem && (
        <Typography variant="caption" color="error" sx={{ display: 'block', mt: 0.5 }} data-testid="flow-node-problem">
          {problem}
        </Typography>
      )}
      {/* Mounted only while open: fifty closed menus cost the editor's first paint. */}
      {menu && (
        <Menu anchorEl={menu} open onClose={() => setMenu(null)}>
          <MenuItem onClick={() => (setMenu(null), actions.edit(id))}>{t('common.edit')}</MenuItem>
          <MenuItem onClick={() => (setMenu(null), actions.duplicate(id))} data-testid="flow-node-duplicate">
            {t('flows.editor.duplicate')}
          </MenuItem>
          <MenuItem onClick={() => (setMenu(null), actions.remove(id))} data-testid="flow-node-delete">
            {t('common.delete')}
          </MenuItem>
        </Menu>
      )}
    </Box>
  );
}

export default memo(FlowNodeCard);
