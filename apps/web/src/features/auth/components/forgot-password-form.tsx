import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { AUTH_MESSAGES, PasswordResetRequestSchema } from '@telecare/contracts/auth';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { fieldErrorsFor } from '../utils/field-errors';
import { AuthCard } from './auth-card';

export const RESET_SENT_MESSAGE = AUTH_MESSAGES.resetSent;

/** Back to the sign-in form: /admin without the reset-password flag. */
export function BackToSignInPageLink() {
  return (
    <Anchor component={Link} to="/admin" size="sm" ta="center">
      Back To Sign In Page
    </Anchor>
  );
}

/** /admin with the reset-password flag: asks for the e-mail address to send reset instructions to. */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const form = useForm({
    initialValues: { email: '' },
    validate: schemaResolver(PasswordResetRequestSchema, { sync: true }),
  });

  const submit = form.onSubmit(
    (values) =>
      request.mutate(values.email.trim(), {
        onError: (error) => form.setErrors(fieldErrorsFor(error, ['email'])),
      }),
    () => request.reset(),
  );

  if (request.isSuccess) {
    return (
      <AuthCard pageTitle="Forgot Password" heading="Forgot password" width={380}>
        <Alert color="green" variant="light" role="status">
          {RESET_SENT_MESSAGE}
        </Alert>
        <BackToSignInPageLink />
      </AuthCard>
    );
  }

  return (
    <AuthCard pageTitle="Forgot Password" heading="Forgot password" width={380}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            Enter the e-mail address of your account and we will send you a link to reset your password.
          </Text>
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            readOnly={request.isPending}
            {...form.getInputProps('email')}
          />
          <Button type="submit" fullWidth loading={request.isPending}>
            Send Reset Instructions
          </Button>
          {request.isError && (
            <Alert color="red" variant="light">
              {errorMessage(request.error)}
            </Alert>
          )}
          <BackToSignInPageLink />
        </Stack>
      </form>
    </AuthCard>
  );
}
