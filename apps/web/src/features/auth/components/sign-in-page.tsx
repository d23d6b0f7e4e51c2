import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { type SignInRequest, SignInRequestSchema } from '@telecare/contracts/auth';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { setSessionUser } from '../api/get-session';
import { useSignIn } from '../api/sign-in';

type Phase = 'idle' | 'validating' | 'preloading';

const PHASE_TEXT: Record<Exclude<Phase, 'idle'>, string> = {
  validating: 'validating user ...',
  preloading: 'preloading data ...',
};

export interface SignInPageProps {
  /** Where to go once signed in. */
  redirectTo: string;
  /** Loads the first screen's data after sign-in ('preloading data ...'); its errors are ignored. */
  preload?: () => Promise<unknown>;
}

/** The /admin sign-in screen: e-mail and password, then Next. */
export function SignInPage({ redirectTo, preload }: SignInPageProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signIn = useSignIn();
  const [phase, setPhase] = useState<Phase>('idle');
  const form = useForm<SignInRequest>({
    initialValues: { email: '', password: '' },
    validate: schemaResolver(SignInRequestSchema, { sync: true }),
  });

  const submit = form.onSubmit(
    async (values) => {
      if (phase !== 'idle') return;
      setPhase('validating');
      try {
        const { user } = await signIn.mutateAsync({ ...values, email: values.email.trim() });
        setPhase('preloading');
        await preload?.().catch(() => undefined);
        setSessionUser(queryClient, user);
        navigate(redirectTo, { replace: true });
      } catch {
        // The mutation keeps the error; it is shown under the form.
        setPhase('idle');
      }
    },
    () => signIn.reset(),
  );

  const busy = phase !== 'idle';

  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <title>Sign In · Telecare Staff</title>
      <Paper component="main" withBorder shadow="sm" radius="md" p="xl" w="100%" maw={380}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Title order={1} size="h2" ta="center" c="blue.8">
              Telecare Staff
            </Title>
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              readOnly={busy}
              {...form.getInputProps('email')}
            />
            <TextInput
              label="Password"
              type="password"
              autoComplete="current-password"
              readOnly={busy}
              {...form.getInputProps('password')}
            />
            {/* Not `disabled` while busy: a disabled button would drop the keyboard focus. */}
            <Button
              type="submit"
              fullWidth
              data-disabled={busy || undefined}
              aria-disabled={busy || undefined}
            >
              Next
            </Button>
            {phase !== 'idle' && (
              <Group gap="xs" justify="center" role="status">
                <Loader size="xs" />
                <Text size="sm">{PHASE_TEXT[phase]}</Text>
              </Group>
            )}
            {signIn.isError && phase === 'idle' && (
              <Alert color="red" variant="light">
                {errorMessage(signIn.error)}
              </Alert>
            )}
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
