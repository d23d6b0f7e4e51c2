import { Button, Group, Modal, MultiSelect, Stack, TextInput } from '@mantine/core';
import { SPECIALIST_MESSAGES as M, type Speciality } from '@telecare/contracts/specialists';
import { type FormEvent, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSiteOptions } from '../../../lib/directory-lookups';
import { useCreateSpeciality, useUpdateSpeciality } from '../api/specialists';

/**
 * Add or rename a speciality, with the sites it is published to. An empty name is refused here with
 * the spec's 'Speciality name required'; a taken name comes back from the server as 'Speciality
 * already exists'.
 */
export function SpecialityFormModal({
  speciality,
  onClose,
}: {
  /** The speciality to rename; a new one when absent. */
  speciality?: Speciality;
  onClose: () => void;
}) {
  const [name, setName] = useState(speciality?.name ?? '');
  const [publishedTo, setPublishedTo] = useState<string[]>(speciality?.publishedTo ?? []);
  const [error, setError] = useState<string | null>(null);
  const sites = useSiteOptions();
  const create = useCreateSpeciality();
  const update = useUpdateSpeciality();
  const pending = create.isPending || update.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(M.specialityNameRequired);
      return;
    }
    const body = { name, publishedTo };
    const done = {
      onSuccess: onClose,
      onError: (failure: Error) =>
        setError(
          failure instanceof ApiError && failure.status === 409
            ? M.specialityExists
            : (failure instanceof ApiError && failure.fieldErrors?.name?.[0]) || errorMessage(failure),
        ),
    };
    if (speciality) update.mutate({ id: speciality.id, ...body }, done);
    else create.mutate(body, done);
  };

  return (
    <Modal opened onClose={onClose} title={speciality ? 'Edit Speciality' : 'Add Speciality'} size="md">
      <form onSubmit={submit} noValidate aria-label="Speciality">
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            data-autofocus
            value={name}
            error={error}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
          />
          <MultiSelect
            label="Published to"
            placeholder="Sites"
            data={(sites.data ?? []).map((site) => ({ value: site.id, label: site.name }))}
            value={publishedTo}
            onChange={setPublishedTo}
            searchable
            clearable
            nothingFoundMessage="No sites"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
