import type { Environment } from '@outpost/contracts/environments';
import { personName } from '@outpost/contracts/people';
import type { RemoteConfigVersionSummary } from '@outpost/contracts/remote-config/schemas';
import { useState } from 'react';
import { AdminList } from '../../../components/admin-list/admin-list';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import { adminColumnHelper } from '../../../components/admin-list/columns';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { FormSheet } from '../../admin/components/form-sheet';
import { formatInstant } from '../../admin/components/local-time';
import { PersonLink } from '../../admin/components/person-link';
import { getVersions, versionsQueryKey } from '../api';
import { diffText } from '../diff-words';
import styles from './remote-config.module.css';
import { VersionDetail } from './version-detail';

const column = adminColumnHelper<RemoteConfigVersionSummary>();
const columns = column.columns([
  column.accessor('version', {
    header: 'Version',
    sortDescFirst: true,
    cell: (cell) => {
      const { rollbackOf } = cell.row.original;
      return (
        <>
          {cell.getValue()}
          {rollbackOf !== null && <span className={styles.rollback}>rollback of {rollbackOf}</span>}
        </>
      );
    },
  }),
  column.accessor('publishedAt', {
    header: 'Published',
    meta: { nowrap: true },
    cell: (cell) => <time dateTime={cell.getValue()}>{formatInstant(cell.getValue())}</time>,
  }),
  column.accessor((version) => (version.publishedBy ? personName(version.publishedBy) : 'Outpost'), {
    id: 'publishedBy',
    header: 'By',
    cell: (cell) => {
      const person = cell.row.original.publishedBy;
      return person ? <PersonLink person={person} withEmail={false} /> : 'Outpost';
    },
  }),
  column.accessor('description', { header: 'Description' }),
  column.accessor((version) => diffText(version.diff), { id: 'changes', header: 'Changes' }),
]);
const sortable = ['version'] as const;

/**
 * Every version published (as many as are kept), newest first: who, when, why and what changed. A
 * version opens over the list with its template, and those who may roll back to it from there.
 */
export function VersionList({
  environment,
  currentVersion,
  canEdit,
}: {
  environment: Environment;
  currentVersion: number | null;
  canEdit: boolean;
}) {
  const [open, setOpen] = useState<{ version: number; environment: Environment } | null>(null);
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const shown = open?.environment === environment ? open.version : null;
  return (
    <section aria-labelledby="remote-config-versions">
      <h2 id="remote-config-versions">Versions</h2>
      <p className={styles.lead}>Each publish and rollback, newest first. Open one to see its values.</p>
      <FormAlert notice={notice} />
      {shown !== null && (
        <FormSheet key={shown} label={`Version ${shown}`} onClose={() => setOpen(null)}>
          <VersionDetail
            environment={environment}
            version={shown}
            canRollBack={canEdit && shown !== currentVersion}
            onRolledBack={(done) => {
              setOpen(null);
              setNotice(done);
            }}
          />
        </FormSheet>
      )}
      <AdminList
        label="Published versions"
        hideCaption
        columns={columns}
        sortable={sortable}
        queryKey={versionsQueryKey(environment)}
        fetchPage={(query) => getVersions(environment, query)}
        getRowId={(version) => String(version.version)}
        csvFileName={`remote-config-versions-${environment}`}
        emptyText="Nothing is published yet."
        rowAction={{
          header: 'Open',
          cell: (version) => (
            <button
              type="button"
              className={listStyles.plainButton}
              aria-label={`Open version ${version.version}`}
              onClick={() => {
                setNotice(null);
                setOpen({ version: version.version, environment });
              }}
            >
              Open
            </button>
          ),
        }}
      />
    </section>
  );
}
