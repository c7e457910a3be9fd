import type { Environment } from '@outpost/contracts/environments';
import type { RemoteConfigTemplate, RemoteConfigVersion } from '@outpost/contracts/remote-config/schemas';
import { useEffect, useRef } from 'react';
import { CellValue, cellProps, DataTable } from '../../../components/admin-list/data-table';
import type { FormNotice } from '../../../components/form/form-alert';
import adminStyles from '../../admin/components/admin-screen.module.css';
import { LoadState } from '../../admin/components/load-state';
import { formatInstant } from '../../admin/components/local-time';
import { PersonLink } from '../../admin/components/person-link';
import { useSegmentName } from '../../segments/segment-select';
import { useRollback, useVersion } from '../api';
import { diffText } from '../diff-words';
import { platformsText, playersText, shortValue, TYPE_LABELS, versionRangeText } from '../template-edit';
import { useConfirmedAction } from './confirmed-action';
import styles from './remote-config.module.css';

/** A version's parameters and conditions, read only. */
function TemplateTables({ template, environment }: { template: RemoteConfigTemplate; environment: Environment }) {
  const segmentName = useSegmentName(environment);
  return (
    <>
      <h3>Parameters</h3>
      {template.parameters.length === 0 ? (
        <p className={adminStyles.note}>No parameters.</p>
      ) : (
        <DataTable label="Parameters of this version" hideCaption>
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Type</th>
              <th scope="col">Default value</th>
              <th scope="col">Under conditions</th>
            </tr>
          </thead>
          <tbody>
            {template.parameters.map((parameter) => (
              <tr key={parameter.key}>
                <th scope="row" className={styles.mono}>
                  {parameter.key}
                </th>
                <td {...cellProps({ label: 'Type', nowrap: true })}>{TYPE_LABELS[parameter.type]}</td>
                <td {...cellProps({ label: 'Default value' })}>
                  <CellValue>
                    <code className={styles.mono}>{shortValue(parameter.defaultValue)}</code>
                  </CellValue>
                </td>
                <td {...cellProps({ label: 'Under conditions' })}>
                  {parameter.conditionalValues.length === 0 ? (
                    'None'
                  ) : (
                    <ul className={styles.diff}>
                      {parameter.conditionalValues.map((value) => (
                        <li key={value.condition}>
                          {value.condition}: <code className={styles.mono}>{shortValue(value.value, 32)}</code>
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      <h3>Conditions</h3>
      {template.conditions.length === 0 ? (
        <p className={adminStyles.note}>No conditions.</p>
      ) : (
        <ol className={styles.diff}>
          {template.conditions.map((condition) => (
            <li key={condition.name}>
              <strong>{condition.name}</strong>: platforms {platformsText(condition)}; app version{' '}
              {versionRangeText(condition)}; {playersText(condition, segmentName)}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

function Detail({
  environment,
  version,
  canRollBack,
  onRolledBack,
}: {
  environment: Environment;
  version: RemoteConfigVersion;
  canRollBack: boolean;
  onRolledBack: (notice: FormNotice) => void;
}) {
  const rollback = useRollback(environment);
  const action = useConfirmedAction(environment);

  const rollBack = () =>
    void action.run(
      {
        title: `Roll back to version ${version.version}?`,
        message: (
          <p>
            This publishes version {version.version}’s values again in {environment}, as a new version: players get them
            at once. A draft with no unpublished changes follows; one with changes keeps them.
          </p>
        ),
        confirmLabel: 'Roll back',
      },
      (done) =>
        rollback.mutate(version.version, {
          onSuccess: (published) =>
            onRolledBack({
              tone: 'ok',
              text: `Rolled back to version ${version.version}, published as version ${published.version}.`,
            }),
          onError: (error) =>
            onRolledBack({
              tone: 'error',
              text: `Version ${version.version} was not rolled back to. ${error.message}`,
            }),
          onSettled: done,
        }),
    );

  return (
    <>
      <dl className={`${adminStyles.facts} ${styles.facts}`}>
        <dt>Published</dt>
        <dd>
          <time dateTime={version.publishedAt}>{formatInstant(version.publishedAt)}</time>
        </dd>
        <dt>By</dt>
        <dd>{version.publishedBy ? <PersonLink person={version.publishedBy} withEmail={false} /> : 'Outpost'}</dd>
        <dt>Description</dt>
        <dd>{version.description || 'None'}</dd>
        {version.rollbackOf !== null && (
          <>
            <dt>Rollback of</dt>
            <dd>Version {version.rollbackOf}</dd>
          </>
        )}
        <dt>Changes</dt>
        <dd>{diffText(version.diff)}</dd>
      </dl>
      {canRollBack && (
        <div>
          <button type="button" className="button" disabled={rollback.isPending} onClick={rollBack}>
            Roll back to this version
          </button>
        </div>
      )}
      <TemplateTables environment={environment} template={version.template} />
      {action.dialogs}
    </>
  );
}

/** One version in its sheet: who published it, when and why, its values, and a rollback to it. */
export function VersionDetail({
  environment,
  version,
  canRollBack,
  onRolledBack,
}: {
  environment: Environment;
  version: number;
  canRollBack: boolean;
  onRolledBack: (notice: FormNotice) => void;
}) {
  const query = useVersion(environment, version);
  const heading = useRef<HTMLHeadingElement>(null);
  // The sheet opened because the admin picked the version: its heading says which, for a screen reader.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={styles.version}>
      <h2 ref={heading} tabIndex={-1}>
        Version {version}
      </h2>
      <LoadState query={query} what="version" missing={`There is no version ${version}: it may have been pruned.`}>
        {(loaded) => (
          <Detail environment={environment} version={loaded} canRollBack={canRollBack} onRolledBack={onRolledBack} />
        )}
      </LoadState>
    </div>
  );
}
