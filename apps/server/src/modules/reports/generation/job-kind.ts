/** The queue's job kind of a report's generation (payload: `{ reportId }`). */
export const REPORT_JOB = 'report.generate';
