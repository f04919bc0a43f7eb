import { Box } from '@mui/material';

export function JsonBlock({ value, label }: { value: unknown; label: string }) {
  return (
    <Box
      component="pre"
      aria-label={label}
      sx={{
        m: 0,
        p: 1,
        bgcolor: 'grey.100',
        borderRadius: 1,
        fontSize: 12,
        overflowX: 'auto',
        maxWidth: '100%',
      }}
    >
      {JSON.stringify(value, null, 2)}
    </Box>
  );
}
