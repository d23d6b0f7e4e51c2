import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PasswordResetCompleteSchema } from '@telecare/contracts/auth';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { useCompletePasswordReset } from '../api/complete-password-reset';
import { fieldErrorsFor } from '../utils/field-errors';
import { AuthCard } from './auth-card';
import { BackToSignInPageLink } from './forgot-password-form';

export const PASSWORD_MISMATCH_MESSAGE = "Passwords doesn't match.";
const passwordSchema = PasswordResetCompleteSchema.shape.password;

interface ResetPasswordValues {
  password: string;
  confirmPassword: string;
}

/** /reset-password?token=...: the e-mailed link; sets a new password. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const complete = useCompletePasswordReset();
  const form = useForm<ResetPasswordValues>({
    initialValues: { password: '', confirmPassword: '' },
    validate: {
      password: (value) => {
        const result = passwordSchema.safeParse(value);
        return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid password');
      },
      confirmPassword: (value, values) => (value === values.password ? null : PASSWORD_MISMATCH_MESSAGE),
    },
  });

  const submit = form.onSubmit(
    (values) =>
      complete.mutate(
        { token, password: values.password },
        { onError: (error) => form.setErrors(fieldErrorsFor(error, ['password'])) },
      ),
    () => complete.reset(),
  );

  if (complete.isSuccess) {
    return (
      <AuthCard pageTitle="Reset Password" heading="Reset password" width={380}>
        <Alert color="green" variant="light" role="status">
          {complete.data.message}
        </Alert>
        <BackToSignInPageLink />
      </AuthCard>
    );
  }

  return (
    <AuthCard pageTitle="Reset Password" heading="Reset password" width={380}>
      {token ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">Choose a new password of at least 6 characters.</Text>
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              readOnly={complete.isPending}
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label="Confirm password"
              autoComplete="new-password"
              readOnly={complete.isPending}
              {...form.getInputProps('confirmPassword')}
            />
            <Button type="submit" fullWidth loading={complete.isPending}>
              Reset Password
            </Button>
            {complete.isError && (
              <Alert color="red" variant="light">
                {errorMessage(complete.error)}
              </Alert>
            )}
            <BackToSignInPageLink />
          </Stack>
        </form>
      ) : (
        <>
          <Alert color="red" variant="light">
            This password reset link is incomplete. Please open the link from the e-mail again, or ask for a
            new one from the sign-in page.
          </Alert>
          <BackToSignInPageLink />
        </>
      )}
    </AuthCard>
  );
}
