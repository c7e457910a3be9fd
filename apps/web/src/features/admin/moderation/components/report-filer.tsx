import type { AdminReport } from '@outpost/contracts/moderation';
import { PersonLink } from '../../components/person-link';
import styles from '../moderation.module.css';
import { reportFiler } from '../moderation-text';

/** Who filed a report, as the list's Filed by column and the report's page both show it. */
export function ReportFiler({ report }: { report: Pick<AdminReport, 'source' | 'reporterPerson'> }) {
  const { person, words } = reportFiler(report);
  if (!person) return <span>{words}</span>;
  return (
    <span className={styles.filer}>
      <PersonLink person={person} />
      <span className={styles.note}>{words}</span>
    </span>
  );
}
