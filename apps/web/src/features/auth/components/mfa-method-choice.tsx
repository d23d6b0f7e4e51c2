import { SegmentedControl, Stack, Text } from '@mantine/core';
import type { MfaMethod } from '@telecare/contracts/auth';
import { useId } from 'react';

export const MFA_METHOD_LABELS: Record<MfaMethod, string> = {
  sms: 'Text message (SMS)',
  totp: 'Authenticator app',
};

/** The choice of second factor: SMS (the default) or an authenticator app. */
export function MfaMethodChoice({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: MfaMethod;
  onChange: (method: MfaMethod) => void;
  disabled?: boolean;
}) {
  const labelId = useId();
  return (
    <Stack gap={6}>
      <Text id={labelId} size="sm" fw={500}>
        {label}
      </Text>
      <SegmentedControl<MfaMethod>
        aria-labelledby={labelId}
        fullWidth
        value={value}
        onChange={onChange}
        disabled={disabled}
        data={[
          { value: 'sms', label: MFA_METHOD_LABELS.sms },
          { value: 'totp', label: MFA_METHOD_LABELS.totp },
        ]}
      />
    </Stack>
  );
}
