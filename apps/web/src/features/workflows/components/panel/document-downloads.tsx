import { Button, Group } from '@mantine/core';

type PanelDocument = { id: string; kind: string; name: string };

/**
 * 'Download referral letter' and 'Download GP report' (SW §5): shown only for a document with an id
 * and a name; the newest of each kind. The server sends it as an attachment and audits the export.
 */
export function DocumentDownloads({ documents }: { documents: readonly PanelDocument[] }) {
  const newest = (kind: string) => documents.filter((d) => d.kind === kind && d.id && d.name).at(-1);
  const letter = newest('referral_letter');
  const report = newest('gp_report');
  if (!letter && !report) return null;
  return (
    <Group gap={6}>
      {letter && (
        <Button
          component="a"
          size="compact-sm"
          variant="default"
          href={`/api/referral-letters/${letter.id}`}
          download
        >
          Download referral letter
        </Button>
      )}
      {report && (
        <Button
          component="a"
          size="compact-sm"
          variant="default"
          href={`/api/gp-report/${report.id}`}
          download
        >
          Download GP report
        </Button>
      )}
    </Group>
  );
}
