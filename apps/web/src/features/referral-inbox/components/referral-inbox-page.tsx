import {
  Alert,
  Button,
  FileButton,
  Grid,
  Group,
  List,
  MultiSelect,
  Progress,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZES } from '@telecare/contracts/lists';
import {
  type ReferralDraft,
  ReferralInboxText,
  UNIDENTIFIED_SPECIALITY,
} from '@telecare/contracts/referral-inbox';
import { saveReferralProblems, uploadPatientInfoProblems } from '@telecare/domain/referral-inbox';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FileViewer } from '../../../components/ui/file-viewer';
import { lastPageOf, Pager } from '../../../components/ui/pager';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDateTimeWithZone } from '../../../lib/format';
import { isPageSize, useListSearchParams } from '../../../lib/list-params';
import {
  createReferralWorkflow,
  createRWorkflow,
  deleteRawReferral,
  fileContentUrl,
  referralInboxKey,
  saveIncomingReferral,
  saveRReferral,
  uploadReferral,
  useRawReferrals,
  useReferralDraft,
} from '../api/referral-inbox-api';
import { ReferralDraftForm } from './referral-draft-form';

type Upload = { name: string; percent: number; error?: string };

/** The inbox has no sortable columns: newest first. */
const NO_SORT_COLUMNS = [] as const;
const INBOX_PAGE_SIZE = 50;
type Pending = { kind: 'standard' | 'R'; id: string; error?: string };

/** Referral Inbox (AA §2): upload, filter, list, viewer and the draft form with its actions. */
export function ReferralInboxPage() {
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<string[]>([]);
  const [uploadSpeciality, setUploadSpeciality] = useState<string>(UNIDENTIFIED_SPECIALITY);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [draft, setDraft] = useState<ReferralDraft | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [pending, setPending] = useState<Pending | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);
  const { page, pageSize, setPage, setPageSize } = useListSearchParams(NO_SORT_COLUMNS, INBOX_PAGE_SIZE);
  const list = useRawReferrals(filter, page, pageSize);
  const current = useReferralDraft(selected);
  const rows = list.data?.rows ?? [];
  const specialities = list.data?.specialities ?? [];
  const selectedRow = rows.find((r) => r.id === selected);

  useEffect(() => {
    if (current.data && current.data.file.extractionStatus !== 'pending') setDraft(current.data.draft);
  }, [current.data]);

  // Clamp a page beyond the end (files saved or deleted, an old link) to the last page.
  const total = list.data?.total;
  const settled = !list.isPlaceholderData;
  useEffect(() => {
    if (total === undefined || !settled) return;
    const lastPage = lastPageOf(total, pageSize);
    if (page > lastPage) setPage(lastPage, { replace: true });
  }, [total, settled, page, pageSize, setPage]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: referralInboxKey });

  async function upload(files: File[]) {
    setUploads(files.map((f) => ({ name: f.name, percent: 0 })));
    await Promise.all(
      files.map(async (file, index) => {
        const set = (patch: Partial<Upload>) =>
          setUploads((all) => all.map((u, i) => (i === index ? { ...u, ...patch } : u)));
        try {
          await uploadReferral(file, uploadSpeciality, (percent) => set({ percent }));
          await refresh();
          set({ percent: 90 });
          set({ percent: 100 });
        } catch (err) {
          set({ error: errorMessage(err) });
        }
      }),
    );
  }

  async function createWorkflow(step: Pending) {
    try {
      const created =
        step.kind === 'standard' ? await createReferralWorkflow(step.id) : await createRWorkflow(step.id);
      setPending(null);
      setSelected(null);
      setDraft(null);
      notifications.show({ color: 'green', message: created.message });
      await queryClient.invalidateQueries({ queryKey: ['workflows'] });
    } catch (err) {
      setPending({ ...step, error: `Can not create workflow: ${errorMessage(err)}` });
    }
  }

  async function save(kind: 'standard' | 'R') {
    if (!draft) return;
    const found = kind === 'standard' ? saveReferralProblems(draft) : uploadPatientInfoProblems(draft);
    setProblems(found);
    if (found.length > 0) return;
    setBusy(true);
    try {
      const { id } = kind === 'standard' ? await saveIncomingReferral(draft) : await saveRReferral(draft);
      await refresh();
      if (kind === 'standard') await createWorkflow({ kind, id });
      else setPending({ kind, id });
    } catch (err) {
      setProblems(
        err instanceof ApiError && err.fieldErrors?.referral ? err.fieldErrors.referral : [errorMessage(err)],
      );
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!selected) return;
    try {
      await deleteRawReferral(selected);
      setSelected(null);
      setDraft(null);
      await refresh();
    } catch (err) {
      notifications.show({ color: 'red', message: `Delete Referral Letter failed: ${errorMessage(err)}` });
    } finally {
      setConfirmDelete(false);
    }
  }

  return (
    <Grid p="md">
      <Grid.Col span={{ base: 12, lg: 3 }}>
        <Stack gap="xs">
          <Title order={3}>Referral Inbox</Title>
          <Select
            label="Speciality of the upload"
            data={[UNIDENTIFIED_SPECIALITY, ...specialities]}
            value={uploadSpeciality}
            onChange={(value) => setUploadSpeciality(value ?? UNIDENTIFIED_SPECIALITY)}
            allowDeselect={false}
          />
          <FileButton onChange={(files) => void upload(files)} accept="application/pdf,image/png" multiple>
            {(props) => <Button {...props}>Upload Referrals</Button>}
          </FileButton>
          {uploads.map((u) => (
            <Stack key={u.name} gap={2} data-testid="upload-progress">
              <Text size="xs">
                {u.name} {u.error ? '' : `${u.percent}%`}
              </Text>
              {u.error ? (
                <Text size="xs" c="red">
                  {u.error}
                </Text>
              ) : (
                <Progress value={u.percent} size="sm" />
              )}
            </Stack>
          ))}
          <MultiSelect
            label="Speciality"
            placeholder="All"
            data={[UNIDENTIFIED_SPECIALITY, ...specialities]}
            value={filter}
            onChange={(next) => {
              setFilter(next);
              setPage(1, { replace: true });
            }}
            clearable
          />
          <ScrollArea.Autosize mah="calc(100vh - 360px)">
            {rows.length === 0 ? (
              <Text c="dimmed" ta="center" p="md">
                {ReferralInboxText.noData}
              </Text>
            ) : (
              <Table highlightOnHover aria-label="Referral files">
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr
                      key={row.id}
                      onClick={() => {
                        setSelected(row.id);
                        setProblems([]);
                        setPending(null);
                      }}
                      bg={row.id === selected ? 'var(--mantine-color-blue-light)' : undefined}
                      style={{ cursor: 'pointer' }}
                    >
                      <Table.Td>
                        <Text size="sm">{row.displayName}</Text>
                        <Text size="xs" c="dimmed">
                          {`${row.specialityName ?? UNIDENTIFIED_SPECIALITY} · ${formatDateTimeWithZone(row.receivedAt)}`}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </ScrollArea.Autosize>
          <Pager
            page={page}
            pageSize={pageSize}
            total={total}
            pageSizes={PAGE_SIZES}
            onPageChange={(next) => setPage(next)}
            onPageSizeChange={(next) => {
              if (isPageSize(next)) setPageSize(next);
            }}
          />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        {selectedRow && (
          <FileViewer url={fileContentUrl(selectedRow.id)} contentType={selectedRow.contentType} />
        )}
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        {/* A saved letter leaves the inbox: its pending workflow step stays here until it is done. */}
        {!selectedRow && pending && (
          <Stack gap="xs">
            {pending.error && <Alert color="red">{pending.error}</Alert>}
            <Group gap="xs">
              <Button variant="filled" color="teal" onClick={() => void createWorkflow(pending)}>
                {pending.kind === 'R' ? 'Create R workflow' : 'Create workflow'}
              </Button>
            </Group>
          </Stack>
        )}
        {selectedRow && (
          <Stack gap="xs">
            {current.data?.file.extractionStatus === 'pending' && <Text c="dimmed">Reading the letter…</Text>}
            {draft && (
              <ReferralDraftForm
                draft={draft}
                onChange={setDraft}
                clientExisting={current.data?.clientExisting === 'Existing'}
              />
            )}
            {problems.length > 0 && (
              <Alert color="red">
                <List size="sm">
                  {problems.map((p) => (
                    <List.Item key={p}>{p}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
            {pending?.error && <Alert color="red">{pending.error}</Alert>}
            <Group gap="xs">
              <Button
                onClick={() => void save('standard')}
                loading={busy}
                disabled={!draft || Boolean(pending)}
              >
                Save into coreplus
              </Button>
              <Button
                variant="light"
                onClick={() => void save('R')}
                loading={busy}
                disabled={!draft || Boolean(pending)}
              >
                Upload patient info
              </Button>
              {pending && (
                <Button variant="filled" color="teal" onClick={() => void createWorkflow(pending)}>
                  {pending.kind === 'R' ? 'Create R workflow' : 'Create workflow'}
                </Button>
              )}
              <Button component="a" variant="default" href={fileContentUrl(selectedRow.id)} download>
                Download referral letter
              </Button>
              <Button variant="subtle" color="red" onClick={() => setConfirmDelete(true)}>
                Delete
              </Button>
            </Group>
          </Stack>
        )}
      </Grid.Col>
      <ConfirmDialog
        opened={confirmDelete}
        title="Delete referral"
        confirmLabel="Delete"
        danger
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
      >
        Delete this referral letter from the inbox?
      </ConfirmDialog>
    </Grid>
  );
}
