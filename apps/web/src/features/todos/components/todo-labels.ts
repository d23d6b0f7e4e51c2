import { TODO_URGENCY_LABELS, type TodoUrgency } from '@telecare/domain/todos';
import { formatDateTime, formatTimeZoneName } from '../../../lib/format';

export const urgencyLabel = (urgency: number) =>
  TODO_URGENCY_LABELS[urgency as TodoUrgency] ?? String(urgency);

/** An instant with its zone's short name, e.g. 25/11/2026 09:30 AEDT. */
export const dateTimeWithZone = (instant: string) =>
  `${formatDateTime(instant)} ${formatTimeZoneName(instant)}`;
