import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  AUTH_MESSAGES,
  AustralianMobileSchema,
  EnrolCodeRequestSchema,
  type SessionUser,
} from '@telecare/contracts/auth';
import { errorMessage } from '../../../lib/api-client';
import { useConfirmSmsEnrol } from '../api/confirm-sms-enrol';
import { useSendSmsEnrolCode } from '../api/send-sms-enrol-code';
import { resendCountdownLabel, useResendLock } from '../hooks/use-resend-lock';
import { fieldErrorsFor } from '../utils/field-errors';
import { CodeForm } from './code-form';

export const CODE_SENT_MESSAGE = AUTH_MESSAGES.codeSent;

/** Enrolment with SMS: the Australian mobile (after +61), Send Code, then the code and Enrol. */
export function SmsEnrolForm({
  onSignedIn,
  disabled,
}: {
  onSignedIn: (user: SessionUser) => Promise<void>;
  disabled: boolean;
}) {
  const send = useSendSmsEnrolCode();
  const confirm = useConfirmSmsEnrol();
  const resend = useResendLock('enrol');
  const phoneForm = useForm({
    initialValues: { phoneNumber: '' },
    validate: {
      phoneNumber: (value) => {
        const result = AustralianMobileSchema.safeParse(value);
        return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid phone number');
      },
    },
  });

  const sendCode = phoneForm.onSubmit(
    (values) => {
      if (resend.locked || send.isPending) return;
      send.mutate(AustralianMobileSchema.parse(values.phoneNumber), {
        onSuccess: (answer) => resend.lock(answer.resendAvailableAt),
        onError: (error) => phoneForm.setErrors(fieldErrorsFor(error, ['phoneNumber'])),
      });
    },
    () => send.reset(),
  );

  return (
    <Stack gap="md">
      <form onSubmit={sendCode} noValidate>
        <Stack gap="sm">
          <Group gap="sm" align="flex-start" wrap="nowrap">
            <TextInput
              label="Phone number"
              description="Australian mobile, without the leading 0"
              placeholder="412 345 678"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              leftSection={
                <Text size="sm" c="dark.6">
                  +61
                </Text>
              }
              leftSectionWidth={44}
              leftSectionPointerEvents="none"
              readOnly={disabled}
              style={{ flex: 1 }}
              {...phoneForm.getInputProps('phoneNumber')}
            />
            <Button
              type="submit"
              variant="light"
              mt={44}
              miw={132}
              loading={send.isPending}
              disabled={resend.locked || disabled}
            >
              {resend.locked ? resendCountdownLabel(resend.secondsLeft) : 'Send Code'}
            </Button>
          </Group>
          {send.isSuccess && (
            <Alert color="green" variant="light" role="status">
              {CODE_SENT_MESSAGE}
            </Alert>
          )}
          {send.isError && (
            <Alert color="red" variant="light">
              {errorMessage(send.error)}
            </Alert>
          )}
        </Stack>
      </form>
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
