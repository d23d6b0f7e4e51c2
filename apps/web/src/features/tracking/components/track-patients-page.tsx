import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { ClientSearchResponse } from '@telecare/contracts/clients';
import { type ClientWorkflow, TRACKING_MESSAGES as M } from '@telecare/contracts/tracking';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { specialistLabel, useSpecialistOptions } from '../../../lib/directory-lookups';
import { formatDate } from '../../../lib/format';
import { checkTrackPatient } from '../api/check-track-patient';
import { useSearchClients } from '../api/search-clients';
import { useTrackPatient } from '../api/track-patient';

type FoundClient = ClientSearchResponse['clients'][number];
type Failure = { title: string; detail: string };

/**
 * Settings > Client > Track Patients (the settings default screen, every staff role): search
 * clients by name, select one, TRACK SELECTED CLIENT. A client with a workflow on the active list
 * is tracked only after 'Track Anyway'. The name is sent in a POST body, never in the URL.
 */
export function TrackPatientsPage() {
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [warning, setWarning] = useState<ClientWorkflow[] | null>(null);
  const [tracked, setTracked] = useState<ClientWorkflow | null>(null);
  const searching = useSearchClients();
  const tracking = useTrackPatient();
  const specialists = useSpecialistOptions();
  const clients = searching.data?.clients ?? [];

  const caseManagerOf = (client: FoundClient) => {
    const specialist = specialists.data?.find((s) => s.id === client.practitionerId);
    return specialist ? specialistLabel(specialist) : '—';
  };

  const runSearch = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setHint(null);
    setSelected(null);
    searching.mutate(search.trim(), {
      onError: (error) => setFailure({ title: M.searchFailed, detail: errorMessage(error) }),
    });
  };

  const track = (clientId: string) => {
    setWarning(null);
    tracking.mutate(clientId, {
      onSuccess: ({ workflow }) => setTracked(workflow),
      onError: (error) => setFailure({ title: M.trackFailed, detail: errorMessage(error) }),
    });
  };

  const trackSelected = async () => {
    setFailure(null);
    setTracked(null);
    if (!selected) {
      setHint(M.selectClient);
      return;
    }
    setHint(null);
    setChecking(true);
    try {
      const { activeWorkflows } = await checkTrackPatient(selected);
      if (activeWorkflows.length > 0) setWarning(activeWorkflows);
      else track(selected);
    } catch (error) {
      setFailure({ title: M.checkFailed, detail: errorMessage(error) });
    } finally {
      setChecking(false);
    }
  };

  return (
    <Stack gap="md" maw={900}>
      <Title order={2} size="h3">
        Track Patients
      </Title>
      <form onSubmit={runSearch} noValidate>
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Search clients by name"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            maxLength={100}
            w={320}
            autoComplete="off"
          />
          <Button type="submit" loading={searching.isPending} disabled={search.trim().length < 2}>
            Search
          </Button>
        </Group>
      </form>
      {failure && (
        <Alert color="red" variant="light" title={failure.title} role="alert">
          {failure.detail}
        </Alert>
      )}
      {searching.isSuccess && (
        <Radio.Group value={selected} onChange={setSelected} aria-label="Clients found">
          <Table striped highlightOnHover aria-label="Clients found">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40} />
                <Table.Th>Name</Table.Th>
                <Table.Th>DOB</Table.Th>
                <Table.Th>Gender</Table.Th>
                <Table.Th>Case manager</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {clients.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text size="sm" c="dimmed">
                      No clients found.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                clients.map((client) => {
                  const name = `${client.firstName} ${client.lastName}`;
                  return (
                    <Table.Tr key={client.clientId} onClick={() => setSelected(client.clientId)}>
                      <Table.Td>
                        <Radio value={client.clientId} aria-label={`Select ${name}`} />
                      </Table.Td>
                      <Table.Td>{name}</Table.Td>
                      <Table.Td>{formatDate(client.dateOfBirth)}</Table.Td>
                      <Table.Td>{client.gender ?? ''}</Table.Td>
                      <Table.Td>{caseManagerOf(client)}</Table.Td>
                    </Table.Tr>
                  );
                })
              )}
            </Table.Tbody>
          </Table>
        </Radio.Group>
      )}
      <Group>
        <Button onClick={() => void trackSelected()} loading={checking || tracking.isPending}>
          TRACK SELECTED CLIENT
        </Button>
      </Group>
      {hint && (
        <Text c="red" size="sm" role="alert">
          {hint}
        </Text>
      )}
      {tracked && (
        <Alert color="green" variant="light" role="status" title={M.tracked}>
          <Anchor component={Link} to={`/admin/client-appointment?id=${tracked.id}`}>
            Open workflow
          </Anchor>
        </Alert>
      )}
      <Modal opened={warning !== null} onClose={() => setWarning(null)} title="Track patient" centered>
        <Stack gap="md">
          <Text>{M.activeWorkflow}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setWarning(null)}>
              Cancel
            </Button>
            <Button onClick={() => selected && track(selected)} loading={tracking.isPending}>
              Track Anyway
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
