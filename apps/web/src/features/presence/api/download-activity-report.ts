import { addDays, addMonths, todayIn } from '@telecare/domain/calendar';
import { LONG_REQUEST_TIMEOUT_MS } from '../../../lib/api-client';

/** GET /api/admin/user-activity/report?startDate&endDate (supervisors): a CSV file, saved to disk. */

export const REPORT_FILE_NAME = 'user-activity-report.csv';

export interface ReportRange {
  /** YYYY-MM-DD */
  startDate: string;
  /** YYYY-MM-DD */
  endDate: string;
}

/** From 7 days ago to today, in the viewer's time zone. */
export function lastWeekRange(now: Date = new Date()): ReportRange {
  const today = todayIn(undefined, now);
  return { startDate: addDays(today, -7), endDate: today };
}

/** From one month ago to today, in the viewer's time zone. */
export function lastMonthRange(now: Date = new Date()): ReportRange {
  const today = todayIn(undefined, now);
  return { startDate: addMonths(today, -1), endDate: today };
}

/** Fetches the report; throws on any failure. */
export async function fetchActivityReport(range: ReportRange): Promise<Blob> {
  const query = new URLSearchParams({ startDate: range.startDate, endDate: range.endDate });
  const response = await fetch(`/api/admin/user-activity/report?${query}`, {
    credentials: 'same-origin',
    headers: { Accept: 'text/csv' },
    // Reports may take long to build: the long timeout of AA §7, not the shared 60 s.
    signal: AbortSignal.timeout(LONG_REQUEST_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`The report request failed (HTTP ${response.status}).`);
  return response.blob();
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function downloadActivityReport(range: ReportRange): Promise<void> {
  saveBlob(await fetchActivityReport(range), REPORT_FILE_NAME);
}
