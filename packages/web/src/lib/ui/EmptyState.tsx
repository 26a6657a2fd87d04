import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import InboxIcon from '@mui/icons-material/InboxOutlined';

export function EmptyState({ text }: { text: string }) {
  return (
    <Box sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }} data-testid="empty-state">
      <InboxIcon sx={{ fontSize: 40, mb: 1 }} />
      <Typography>{text}</Typography>
    </Box>
  );
}
