/**
 * The tag picker's list (inside the header's pop-over): the company's tags with checks for the
 * ticket's own, filtered as one types; a name no tag has yet offers "create". Picking toggles
 * a tag; Escape closes.
 */
import { useState, type HTMLAttributes, type Key } from 'react';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import type { PopperProps } from '@mui/material/Popper';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import ViewKanbanIcon from '@mui/icons-material/ViewKanbanOutlined';
import { useTranslation } from 'react-i18next';
import type { TicketTag } from '@balcao/contracts';
import { isLane, newTagName } from './tagChoice';

interface CreateOption {
  create: string;
}
type Option = TicketTag | CreateOption;
const isCreate = (o: Option): o is CreateOption => 'create' in o;
const labelOf = (o: Option) => (isCreate(o) ? o.create : o.name);
const filter = createFilterOptions<Option>({ stringify: labelOf, trim: true });

/** The list drawn in place, under the input, rather than in a floating popper. */
function InlineList({ className, role, children }: PopperProps) {
  return (
    <Box
      className={className}
      role={role}
      // Inline: the slot's own class makes a disablePortal popper absolute (out of the pop-over's flow).
      style={{ position: 'relative' }}
      sx={{
        '& .MuiAutocomplete-paper': { boxShadow: 'none', m: 0, borderRadius: 0 },
        '& .MuiAutocomplete-listbox': { maxHeight: 280 },
      }}
    >
      {typeof children === 'function' ? null : children}
    </Box>
  );
}

/** Why nothing is offered: no tags yet, a name too short to create, or nothing like it. */
function noOptions(input: string) {
  const typed = input.trim().length;
  if (typed === 0) return 'tickets.tags.none';
  return typed < 3 ? 'tickets.tags.typeMore' : 'tickets.tags.noMatch';
}

interface Props {
  tags: TicketTag[];
  value: TicketTag[];
  loading: boolean;
  creating: boolean;
  onAdd: (tag: TicketTag) => void;
  onRemove: (id: number) => void;
  onCreate: (name: string) => void;
  onClose: () => void;
}

export function TagPicker({ tags, value, loading, creating, onAdd, onRemove, onCreate, onClose }: Props) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const creatable = creating ? null : newTagName(input, tags);

  const option = (props: HTMLAttributes<HTMLLIElement> & { key: Key }, o: Option, selected: boolean) => {
    const { key, ...rest } = props;
    const icon = { fontSize: 18, mr: 1, flexShrink: 0 };
    return (
      <li key={key} {...rest} data-testid={isCreate(o) ? 'ticket-tag-create' : 'ticket-tag-option'}>
        {isCreate(o) ? (
          <>
            <AddIcon sx={icon} color="primary" />
            {t('tickets.tags.create', { name: o.create })}
          </>
        ) : (
          <>
            {selected ? <CheckBoxIcon sx={icon} color="primary" /> : <CheckBoxBlankIcon sx={icon} color="action" />}
            <Box
              component="span"
              sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: o.color, mr: 1, flexShrink: 0 }}
            />
            <Box component="span" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
              {o.name}
            </Box>
            {isLane(o) && (
              <ViewKanbanIcon titleAccess={t('tickets.tags.lane')} sx={{ fontSize: 18, ml: 1 }} color="action" />
            )}
          </>
        )}
      </li>
    );
  };

  return (
    <Autocomplete
      open
      multiple
      disableCloseOnSelect
      disableClearable
      disablePortal
      forcePopupIcon={false}
      value={value as Option[]}
      inputValue={input}
      onInputChange={(_e, v) => setInput(v)}
      onChange={(_e, _next, reason, details) => {
        const picked = details?.option;
        if (!picked) return;
        if (isCreate(picked)) onCreate(picked.create);
        else if (reason === 'selectOption') onAdd(picked);
        else if (reason === 'removeOption') onRemove(picked.id);
      }}
      onClose={(_e, reason) => {
        if (reason === 'escape') onClose();
      }}
      options={tags as Option[]}
      filterOptions={(options, state) => {
        const found = filter(options, state);
        return creatable ? [...found, { create: creatable }] : found;
      }}
      getOptionLabel={labelOf}
      isOptionEqualToValue={(a, b) => !isCreate(a) && !isCreate(b) && a.id === b.id}
      renderValue={() => null}
      renderOption={(props, o, { selected }) => option(props, o, selected)}
      loading={loading || creating}
      loadingText={t('common.loading')}
      noOptionsText={t(noOptions(input))}
      slots={{ popper: InlineList }}
      renderInput={(params) => (
        <TextField
          {...params}
          autoFocus
          size="small"
          placeholder={t('tickets.tags.search')}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'aria-label': t('tickets.tags.search') },
          }}
          sx={{ p: 1 }}
        />
      )}
    />
  );
}
