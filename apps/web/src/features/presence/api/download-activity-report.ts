import { addMonths, type CalendarDate, today } from '../../../lib/format';

/** GET /api/admin/user-activity/report?startDate&endDate (supervisors): a CSV file, saved to disk. */

export const REPORT_FILE_NAME = 'user-activity-report.csv';

export interface ReportRange {
  /** YYYY-MM-DD */
  startDate: string;
  /** YYYY-MM-DD */
  endDate: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function isoDate(date: CalendarDate): string {
  return `${date.year}-${pad(date.month)}-${pad(date.day)}`;
}

/** From 7 days ago to today, in the viewer's time zone. */
export function lastWeekRange(now: Date = new Date()): ReportRange {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 7);
  return { startDate: isoDate(today(start)), endDate: isoDate(today(now)) };
}

/** From one month ago to today, in the viewer's time zone. */
export function lastMonthRange(now: Date = new Date()): ReportRange {
  const end = today(now);
  return { startDate: isoDate(addMonths(end, -1)), endDate: isoDate(end) };
}

/** Fetches the report; throws on any failure. */
export async function fetchActivityReport(range: ReportRange): Promise<Blob> {
  const query = new URLSearchParams({ startDate: range.startDate, endDate: range.endDate });
  const response = await fetch(`/api/admin/user-activity/report?${query}`, {
    credentials: 'same-origin',
    headers: { Accept: 'text/csv' },
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
