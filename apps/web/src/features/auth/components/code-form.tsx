import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { z } from 'zod';
import { errorMessage } from '../../../lib/api-client';
import { fieldErrorsFor } from '../utils/field-errors';

export interface CodeFormProps {
  /** The contract's code rule (its messages: 'Verification Code is not empty', ...). */
  codeSchema: z.ZodType<string, string>;
  submitLabel: string;
  /** Sends the code; rejects with the error to show. */
  onSubmit: (code: string) => Promise<unknown>;
  /** While the sign-in completes after success. */
  disabled?: boolean;
  autoFocus?: boolean;
}

/** The 'Verification Code' input and its button; Enter submits. Errors show under the button. */
export function CodeForm({ codeSchema, submitLabel, onSubmit, disabled = false, autoFocus }: CodeFormProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const form = useForm({
    initialValues: { code: '' },
    validate: {
      code: (value) => {
        const result = codeSchema.safeParse(value);
        return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid code');
      },
    },
  });

  const submit = form.onSubmit(
    async (values) => {
      if (pending || disabled) return;
      setPending(true);
      setError(null);
      try {
        await onSubmit(values.code.trim());
      } catch (caught) {
        setError(caught);
        form.setErrors(fieldErrorsFor(caught, ['code']));
      } finally {
        setPending(false);
      }
    },
    () => setError(null),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Verification Code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={12}
          autoFocus={autoFocus}
          readOnly={pending || disabled}
          {...form.getInputProps('code')}
        />
        <Button type="submit" fullWidth loading={pending} data-disabled={disabled || undefined}>
          {submitLabel}
        </Button>
        {error !== null && (
          <Alert color="red" variant="light">
            {errorMessage(error)}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
