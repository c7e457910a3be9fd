import { useState } from 'react';
import { failureNotice } from '../../../components/form/failure-notice';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import accountStyles from '../account.module.css';
import { useExportAccountData } from './api/export-data';
import styles from './data.module.css';
import { exportFileOf, saveFile } from './export-file';

const EXPORT_FAILED = 'Your data could not be downloaded. Check your connection and try again.';
const EXPORT_UNREADABLE = 'The server’s answer was not your data, so nothing was saved. Try again in a moment.';

/**
 * "Download your data": the server gathers everything Outpost keeps about the player, in every
 * environment, and the page saves it as a JSON file.
 */
export function DataDownload() {
  const exportData = useExportAccountData();
  const [notice, setNotice] = useState<FormNotice | null>(null);

  const download = async () => {
    if (exportData.isPending) return;
    setNotice(null);
    let answer: unknown;
    try {
      answer = await exportData.mutateAsync();
    } catch (error) {
      setNotice(failureNotice(error, EXPORT_FAILED));
      return;
    }
    const file = exportFileOf(answer);
    if (!file) {
      setNotice({ tone: 'error', text: EXPORT_UNREADABLE });
      return;
    }
    saveFile(file);
    setNotice({ tone: 'ok', text: `Your data is saved as ${file.name}.` });
  };

  return (
    <div className={styles.part}>
      <h3>Download your data</h3>
      <p className={accountStyles.note}>
        One file (JSON) with what Outpost keeps about you: your account and profile and, in every environment of the
        game (development, beta and production), your credits history, orders, invites, feedback and the other records
        kept about you. It holds your email address and shipping details: keep it somewhere safe.
      </p>
      <div className={styles.actions}>
        <button
          type="button"
          className={`button ${styles.action}`}
          aria-disabled={exportData.isPending || undefined}
          onClick={() => void download()}
        >
          {exportData.isPending ? 'Preparing your file…' : 'Download your data'}
        </button>
      </div>
      <FormAlert notice={notice} />
    </div>
  );
}
