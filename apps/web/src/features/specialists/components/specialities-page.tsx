import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Speciality } from '@telecare/contracts/specialists';
import { useState } from 'react';
import { type CompactColumn, CompactTable } from '../../../components/ui/compact-table';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { errorMessage } from '../../../lib/api-client';
import { useSiteOptions } from '../../../lib/directory-lookups';
import { useDeleteSpeciality, useSpecialities } from '../api/specialists';
import { SpecialityFormModal } from './speciality-form-modal';

/** Settings > Practitioner > Speciality: the specialities A-Z; add, rename, publish to sites, delete. */
export function SpecialitiesPage() {
  const query = useSpecialities();
  const sites = useSiteOptions();
  const remove = useDeleteSpeciality();
  const [editing, setEditing] = useState<Speciality | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Speciality | null>(null);
  const siteName = new Map((sites.data ?? []).map((site) => [site.id, site.name]));

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: `Deleted ${deleting.name}.` });
        setDeleting(null);
      },
      onError: (error) => {
        notifications.show({ color: 'red', title: 'Delete failed', message: errorMessage(error) });
        setDeleting(null);
      },
    });
  };

  const columns: CompactColumn<Speciality>[] = [
    { label: 'Name', render: (row) => row.name, width: 180 },
    {
      label: 'Published to',
      grow: true,
      render: (row) => row.publishedTo.map((id) => siteName.get(id) ?? id).join(', '),
    },
    { label: 'Specialists', render: (row) => row.specialistCount },
    {
      label: 'Actions',
      render: (row) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-xs"
            variant="default"
            onClick={() => setEditing(row)}
            aria-label={`Edit ${row.name}`}
          >
            Edit
          </Button>
          <Button
            size="compact-xs"
            variant="outline"
            color="red"
            onClick={() => setDeleting(row)}
            aria-label={`Delete ${row.name}`}
          >
            Delete
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <title>Speciality · Telecare Staff</title>
      <Group justify="space-between">
        <Title order={1} fz="lg">
          Speciality
        </Title>
        <Button size="compact-sm" onClick={() => setEditing('new')}>
          Add Speciality
        </Button>
      </Group>
      {query.isPending ? (
        <PageLoader label="Loading specialities" />
      ) : query.isError ? (
        <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <CompactTable caption="Specialities" columns={columns} rows={query.data} rowKey={(row) => row.id} />
      )}
      {editing && (
        <SpecialityFormModal
          speciality={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete Speciality"
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        {deleting ? <Text size="sm">Delete the speciality {deleting.name}?</Text> : ''}
      </ConfirmDialog>
    </Stack>
  );
}
