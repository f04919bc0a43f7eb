import { Button } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { download } from '../common/download';
import type { AdminDataProvider } from '../providers/dataProvider';

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

/**
 * Opens an applicant's CV. The CV endpoint needs the bearer token, so a plain link would answer
 * 401: the console fetches the file with the token and hands the browser the bytes as a download.
 */
export function CvButton({ cvUrl, applicant }: { cvUrl: string; applicant: string }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  async function open() {
    setBusy(true);
    try {
      const blob = await dataProvider.downloadCv(cvUrl);
      download(blob, `cv-${applicant.replace(/[^\w.-]+/g, '_')}.${EXTENSIONS[blob.type] ?? 'bin'}`);
    } catch {
      notify('Failed to open the CV', { type: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button size="small" variant="outlined" disabled={busy} onClick={open}>
      Download CV
    </Button>
  );
}
