import { Box, Group, Stack, Text } from '@mantine/core';
import type { WorkflowDetail } from '@telecare/contracts/workflow-detail';
import { SMS_STEPS, type SmsStep } from '@telecare/domain/workflow-rules';

/** What each dot colour means (spec: yes green, no red, no response yellow, pending/none blue). */
const SMS_DOT_MEANING = { green: 'yes', red: 'no', yellow: 'no response', blue: 'pending' } as const;
/** Voice call: reply 1 green, reply 2 yellow, a finished call without a reply red. */
const VOICE_DOT_MEANING = { green: 'reply 1', yellow: 'reply 2', red: 'no reply' } as const;

/** Short captions under the dots; the full step name is in each dot's accessible name. */
const STEP_CAPTIONS: Record<SmsStep, string> = {
  initial: 'Initial',
  initialSecond: 'Initial 2',
  initialThird: 'Initial 3',
  second: 'Second',
  third: 'Third',
  fourth: 'Fourth',
};

const DOT_COLOUR = {
  green: 'var(--mantine-color-green-7)',
  red: 'var(--mantine-color-red-7)',
  yellow: 'var(--mantine-color-yellow-5)',
  blue: 'var(--mantine-color-blue-6)',
  none: 'var(--mantine-color-gray-4)',
} as const;

function Dot({
  colour,
  label,
  caption,
}: {
  colour: keyof typeof DOT_COLOUR;
  label: string;
  caption: string;
}) {
  return (
    <Stack gap={1} align="center" miw={44}>
      <Box
        role="img"
        aria-label={label}
        title={label}
        data-dot-colour={colour}
        w={14}
        h={14}
        style={{
          borderRadius: '50%',
          backgroundColor: DOT_COLOUR[colour],
          border: '1px solid rgb(0 0 0 / 20%)',
        }}
      />
      <Text fz={10} c="dimmed" lh={1.1} aria-hidden="true">
        {caption}
      </Text>
    </Stack>
  );
}

/** The patient's replies as received, beside the dots, so staff can read an unclear one (V-3). */
function Replies({ replies }: { replies: WorkflowDetail['smsReplies'] }) {
  const answered = SMS_STEPS.filter((step) => replies[step]);
  if (answered.length === 0) return null;
  return (
    <Stack gap={0} maw={260} aria-label="SMS replies">
      {answered.map((step) => (
        <Text key={step} fz="xs" truncate="end" title={replies[step]}>
          <Text span fz="xs" c="dimmed">
            {STEP_CAPTIONS[step]} reply:{' '}
          </Text>
          “{replies[step]}”
        </Text>
      ))}
    </Stack>
  );
}

/** The SMS sequence as six dots (initial ... fourth), the replies as received, and the voice-call dot. */
export function SmsDots({ detail }: { detail: WorkflowDetail }) {
  const voice = detail.voiceCallDot;
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      <Group gap={2} wrap="nowrap" role="group" aria-label="SMS sequence">
        {SMS_STEPS.map((step) => {
          const colour = detail.smsDots[step] ?? 'blue';
          return (
            <Dot
              key={step}
              colour={colour}
              label={`${step}: ${SMS_DOT_MEANING[colour]}`}
              caption={STEP_CAPTIONS[step]}
            />
          );
        })}
      </Group>
      <Replies replies={detail.smsReplies} />
      <Dot
        colour={voice ?? 'none'}
        label={`voice call: ${voice ? VOICE_DOT_MEANING[voice] : 'none'}`}
        caption="Voice call"
      />
    </Group>
  );
}
