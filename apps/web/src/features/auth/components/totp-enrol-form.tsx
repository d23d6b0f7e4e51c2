import { Anchor, Button, Center, Code, CopyButton, Group, Loader, Stack, Text } from '@mantine/core';
import { EnrolCodeRequestSchema, type SessionUser } from '@telecare/contracts/auth';
import { useId } from 'react';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useConfirmTotpEnrol } from '../api/confirm-totp-enrol';
import { useStartTotpEnrol } from '../api/start-totp-enrol';
import { CodeForm } from './code-form';

/** 'JBSWY3DPEHPK3PXP' as 'JBSW Y3DP EHPK 3PXP', easier to type into an app. */
export function groupSecret(secret: string): string {
  return (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

/** Enrolment with an authenticator app: the secret key (or the otpauth link), then a code and Enrol. */
export function TotpEnrolForm({
  onSignedIn,
  disabled,
}: {
  onSignedIn: (user: SessionUser) => Promise<void>;
  disabled: boolean;
}) {
  const secretLabelId = useId();
  const start = useStartTotpEnrol();
  const confirm = useConfirmTotpEnrol();

  if (start.isPending) {
    return (
      <Center py="md" role="status" aria-label="Preparing the authenticator key">
        <Loader size="sm" />
      </Center>
    );
  }
  if (start.isError) return <ErrorAlert error={start.error} onRetry={() => void start.refetch()} />;

  const { secret, otpauthUri } = start.data;
  return (
    <Stack gap="md">
      <Text size="sm">
        Add this key to your authenticator app (for example Google Authenticator or Microsoft Authenticator),
        then enter the 6-digit code the app shows.
      </Text>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={500} id={secretLabelId}>
            Secret key
          </Text>
          <CopyButton value={secret.replace(/\s+/g, '')}>
            {({ copied, copy }) => (
              <Button size="compact-xs" variant="subtle" onClick={copy}>
                {copied ? 'Copied' : 'Copy key'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Code
          block
          aria-labelledby={secretLabelId}
          fz="md"
          ta="center"
          style={{ letterSpacing: '0.05em', wordBreak: 'break-word', whiteSpace: 'normal' }}
        >
          {groupSecret(secret)}
        </Code>
        <Anchor href={otpauthUri} size="sm" ta="center">
          Open in authenticator app
        </Anchor>
      </Stack>
      <CodeForm
        codeSchema={EnrolCodeRequestSchema.shape.code}
        submitLabel="Enrol"
        disabled={disabled}
        onSubmit={async (code) => {
          const { user } = await confirm.mutateAsync(code);
          await onSignedIn(user);
        }}
      />
    </Stack>
  );
}
