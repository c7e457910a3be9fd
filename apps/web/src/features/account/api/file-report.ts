import { type FileReportInput, filedReportSchema } from '@outpost/contracts/moderation';
import { useMutation } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api';

/** POST /api/account/reports: answers the filed report with its reportID. */
export function fileReport(input: FileReportInput) {
  return requestJson('/api/account/reports', filedReportSchema, { method: 'POST', body: input });
}

export function useFileReport() {
  return useMutation({ mutationFn: fileReport });
}
