import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { requestJson } from '../../../../lib/api';

/**
 * POST /api/account/data-export: everything Outpost holds about the signed-in player, as one JSON
 * document. Read as it came (the file keeps every field the server sent, none dropped by a
 * schema); export-file.ts checks its shape before it becomes a file.
 */
export function exportAccountData() {
  return requestJson('/api/account/data-export', z.unknown(), { method: 'POST' });
}

export function useExportAccountData() {
  return useMutation({ mutationFn: exportAccountData });
}
