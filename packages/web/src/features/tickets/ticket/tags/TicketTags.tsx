/**
 * The ticket's tags under its header: a chip per tag (its cross removes it) and a button
 * opening the tag picker. Everyone who sees the ticket may tag it and create ordinary tags
 * (ARCHITECTURE.md, tags); the server's refusals show as the shared error toast.
 */
import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import LocalOfferIcon from '@mui/icons-material/LocalOfferOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TagChip } from '../../../tags/TagChip';
import { allTagsKey, useTags } from '../../useReferenceData';
import type { Ticket } from '@balcao/contracts';
import { isLane } from './tagChoice';
import { TagPicker } from './TagPicker';
import { useTicketTags } from './useTicketTags';

export function TicketTags({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const companyTags = useTags();
  const tagging = useTicketTags(ticket);
  const row = useRef<HTMLDivElement>(null);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const tags = ticket.tags ?? [];

  const open = () => {
    // Tags others created since the list was read show up.
    void qc.invalidateQueries({ queryKey: allTagsKey });
    // Under the row, not the button: the button moves as chips come and go.
    setAnchor(row.current);
  };

  return (
    <Stack
      ref={row}
      direction="row"
      spacing={0.5}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'center', px: 1.5, py: 0.5, borderBottom: 1, borderColor: 'divider' }}
      data-testid="ticket-tags"
      role="group"
      aria-label={t('tickets.tags.label')}
    >
      <LocalOfferIcon fontSize="small" color="action" aria-hidden />
      {tags.map((tag) => (
        <TagChip
          key={tag.id}
          name={tag.name}
          color={tag.color}
          kanban={isLane(tag)}
          onDelete={() => tagging.remove(tag.id)}
          deleteLabel={t('tickets.tags.remove', { name: tag.name })}
          testId="ticket-header-tag"
        />
      ))}
      <Button
        size="small"
        startIcon={<AddIcon />}
        onClick={open}
        aria-haspopup="dialog"
        aria-expanded={Boolean(anchor)}
        data-testid="ticket-tags-add"
        sx={{ minHeight: 28, py: 0 }}
      >
        {tags.length > 0 ? t('tickets.tags.edit') : t('tickets.tags.add')}
      </Button>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{
          paper: { sx: { width: 320, maxWidth: 'calc(100vw - 32px)' }, 'data-testid': 'ticket-tag-picker' } as object,
        }}
      >
        <TagPicker
          tags={companyTags.data ?? []}
          value={tags}
          loading={companyTags.isLoading}
          creating={tagging.creating}
          onAdd={tagging.add}
          onRemove={tagging.remove}
          onCreate={tagging.create}
          onClose={() => setAnchor(null)}
        />
      </Popover>
    </Stack>
  );
}
