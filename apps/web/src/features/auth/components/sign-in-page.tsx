import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type SignInRequest, SignInRequestSchema } from '@telecare/contracts/auth';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { useSignIn } from '../api/sign-in';
import { fieldErrorsFor } from '../utils/field-errors';
import { AuthCard, ProgressText, VALIDATING_TEXT } from './auth-card';
import { ForgotPasswordForm } from './forgot-password-form';

/** Navigation state of /admin that shows the Forgot password view instead of the sign-in form. */
export interface AdminRouteState {
  resetPassword?: boolean;
}

/** /admin when nobody is signed in: the sign-in form, or Forgot password (navigation state flag). */
export function SignInPage() {
  const state = useLocation().state as AdminRouteState | null;
  return state?.resetPassword === true ? <ForgotPasswordForm /> : <SignInForm />;
}

/**
 * E-mail and password, then Next: the password step. The second factor follows on /mfa-enroll or
 * /mfa-verify, as the answer says; that step completes the sign-in and preloads the data.
 */
function SignInForm() {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [busy, setBusy] = useState(false);
  const form = useForm<SignInRequest>({
    initialValues: { email: '', password: '' },
    validate: schemaResolver(SignInRequestSchema, { sync: true }),
  });

  const submit = form.onSubmit(
    async (values) => {
      if (busy) return;
      setBusy(true);
      try {
        const { mfa } = await signIn.mutateAsync({ ...values, email: values.email.trim() });
        navigate(`/${mfa.next}`, { replace: true });
      } catch (error) {
        // The mutation keeps the error; it is shown under the form.
        form.setErrors(fieldErrorsFor(error, ['email', 'password']));
        setBusy(false);
      }
    },
    () => signIn.reset(),
  );

  return (
    <AuthCard pageTitle="Sign In" width={380}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
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
          <Button type="submit" fullWidth data-disabled={busy || undefined} aria-disabled={busy || undefined}>
            Next
          </Button>
          {busy && <ProgressText text={VALIDATING_TEXT} />}
          {signIn.isError && !busy && (
            <Alert color="red" variant="light">
              {errorMessage(signIn.error)}
            </Alert>
          )}
          <Anchor
            component="button"
            type="button"
            size="sm"
            ta="center"
            onClick={() => navigate('/admin', { state: { resetPassword: true } satisfies AdminRouteState })}
          >
            Forgot your password
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
