import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import Checkbox from '@mui/material/Checkbox';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates';
import { EmptyState } from '../../lib/ui/EmptyState';
import { PageContainer } from '../../lib/ui/PageContainer';
import { useTodos } from './useTodos';

export default function TodoListPage() {
  const { t } = useTranslation();
  const { todos, add, update, toggle, remove } = useTodos();
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<number | null>(null);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const done = editing === null ? add(text) : update(editing, text);
    if (done) {
      setText('');
      setEditing(null);
    }
  };

  return (
    <PageContainer title={t('todo.title')}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={1} onSubmit={submit}>
          <TextField
            name="text"
            value={text}
            onChange={(e) => setText(e.target.value)}
            label={t('todo.newTask')}
            fullWidth
            size="small"
            data-testid="todo-input"
          />
          <Button type="submit" variant="contained" data-testid="todo-submit" sx={{ whiteSpace: 'nowrap' }}>
            {editing === null ? t('todo.add') : t('common.save')}
          </Button>
          {editing !== null && (
            <Button
              onClick={() => {
                setEditing(null);
                setText('');
              }}
            >
              {t('common.cancel')}
            </Button>
          )}
        </Stack>
      </Paper>
      <Paper variant="outlined">
        {todos.length === 0 ? (
          <EmptyState text={t('todo.empty')} />
        ) : (
          <List data-testid="todo-list">
            {todos.map((todo, i) => (
              <ListItem
                key={`${todo.createdAt}-${i}`}
                divider
                data-testid="todo-item"
                data-done={Boolean(todo.done)}
                secondaryAction={
                  <>
                    <IconButton
                      aria-label={t('common.edit')}
                      onClick={() => {
                        setEditing(i);
                        setText(todo.text);
                      }}
                    >
                      <EditIcon />
                    </IconButton>
                    <IconButton aria-label={t('common.delete')} edge="end" onClick={() => remove(i)}>
                      <DeleteIcon />
                    </IconButton>
                  </>
                }
                sx={{ pr: 12 }}
              >
                <ListItemIcon sx={{ minWidth: 42 }}>
                  <Checkbox
                    edge="start"
                    checked={Boolean(todo.done)}
                    onChange={() => toggle(i)}
                    slotProps={{ input: { 'aria-label': t('todo.markDone', { text: todo.text }) } }}
                    data-testid="todo-done"
                  />
                </ListItemIcon>
                <ListItemText
                  primary={todo.text}
                  secondary={t('todo.dates', {
                    created: formatDateTime(todo.createdAt),
                    updated: formatDateTime(todo.updatedAt),
                  })}
                  slotProps={{
                    primary: {
                      sx: {
                        wordBreak: 'break-word',
                        ...(todo.done && { textDecoration: 'line-through', color: 'text.secondary' }),
                      },
                    },
                  }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
    </PageContainer>
  );
}
