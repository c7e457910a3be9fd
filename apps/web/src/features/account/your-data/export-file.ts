import { accountDataExportSchema } from '@outpost/contracts/account-lifecycle';
import { accountExportFileName } from '@outpost/contracts/account-lifecycle-text';
import { z } from 'zod/mini';

/** The player's data as a file to save: its name and its text. */
export interface ExportFile {
  name: string;
  text: string;
}

/**
 * The download of the data export's answer: named by the day it was exported
 * (`outpost-data-2026-11-26.json`) and pretty-printed as it came, every field the server sent
 * kept. Null when the answer is not an export (its shape is checked, not trimmed).
 */
export function exportFileOf(answer: unknown): ExportFile | null {
  const parsed = z.safeParse(accountDataExportSchema, answer);
  if (!parsed.success) return null;
  return { name: accountExportFileName(parsed.data.exportedAt), text: `${JSON.stringify(answer, null, 2)}\n` };
}

/** Hands `file` to the browser as a download, through a temporary link to a Blob of it. */
export function saveFile(file: ExportFile): void {
  const url = URL.createObjectURL(new Blob([file.text], { type: 'application/json;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a minute later it has started.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
