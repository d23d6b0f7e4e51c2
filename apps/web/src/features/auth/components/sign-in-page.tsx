import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { SignInRequest } from '@telecare/contracts/auth';
import { type FormEvent, lazy, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { useSignIn } from '../api/sign-in';
import { fieldErrorsFor } from '../utils/field-errors';
import { forgetSignOutReason, readSignOutReason } from '../utils/sign-out-reason';
import { AuthCard, ProgressText, VALIDATING_TEXT } from './auth-card';

/** Shown after a click on 'Forgot your password', so it is fetched then (docs/decisions/0024). */
const ForgotPasswordForm = lazy(async () => ({
  default: (await import('./forgot-password-form')).ForgotPasswordForm,
}));

/**
 * The form's rules (the contract's schema), imported on the first focus or submit rather than with
 * the page: the sign-in page loads without zod (docs/decisions/0024).
 */
let signInRules: Promise<(values: SignInRequest) => Partial<Record<keyof SignInRequest, string>>> | undefined;
function loadSignInRules() {
  signInRules ??= import('@telecare/contracts/auth').then(
    ({ SignInRequestSchema }) => schemaResolver(SignInRequestSchema, { sync: true }),
    () => {
      // Not fetched (offline, or a new version replaced it): the server checks the same rules.
      signInRules = undefined;
      return () => ({});
    },
  );
  return signInRules;
}

/** Navigation state of /admin that shows the Forgot password view instead of the sign-in form. */
export interface AdminRouteState {
  resetPassword?: boolean;
}

/**
 * /admin when nobody is signed in: the sign-in form, or Forgot password (navigation state flag).
 * `onStart` is called when the user first focuses the form (the app fetches the next step's
 * scripts then).
 */
export function SignInPage({ onStart }: { onStart?: () => void }) {
  const state = useLocation().state as AdminRouteState | null;
  return state?.resetPassword === true ? <ForgotPasswordForm /> : <SignInForm onStart={onStart} />;
}

/**
 * E-mail and password, then Next: the password step. The second factor follows on /mfa-enroll or
 * /mfa-verify, as the answer says; that step completes the sign-in and preloads the data.
 */
function SignInForm({ onStart }: { onStart?: (() => void) | undefined }) {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [busy, setBusy] = useState(false);
  // Set from the click until the rules are loaded and checked, so a second Enter does nothing.
  const submitting = useRef(false);
  const form = useForm<SignInRequest>({ initialValues: { email: '', password: '' } });
  // Why the app signed this tab out (idle limit), shown until the next sign-in starts.
  const [signOutReason] = useState(readSignOutReason);
  useEffect(forgetSignOutReason, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || submitting.current) return;
    submitting.current = true;
    try {
      const values = form.getValues();
      const errors = (await loadSignInRules())(values);
      form.setErrors(errors);
      if (Object.keys(errors).length > 0) {
        signIn.reset();
        return;
      }
      setBusy(true);
      try {
        const { mfa } = await signIn.mutateAsync({ ...values, email: values.email.trim() });
        navigate(`/${mfa.next}`, { replace: true });
      } catch (error) {
        // The mutation keeps the error; it is shown under the form.
        form.setErrors(fieldErrorsFor(error, ['email', 'password']));
        setBusy(false);
      }
    } finally {
      submitting.current = false;
    }
  };

  return (
    <AuthCard pageTitle="Sign In" width={380}>
      <form
        onSubmit={(event) => void submit(event)}
        onFocus={() => {
          void loadSignInRules();
          onStart?.();
        }}
        noValidate
      >
        <Stack gap="md">
          {signOutReason && !signIn.isError && (
            <Alert color="yellow" variant="light" role="status">
              {signOutReason}
            </Alert>
          )}
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
