import type { Environment } from '@outpost/contracts/environments';
import type { RemoteConfigScheduled } from '@outpost/contracts/remote-config/schemas';
import { useState } from 'react';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import { CellValue, cellProps, DataTable } from '../../../components/admin-list/data-table';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import adminStyles from '../../admin/components/admin-screen.module.css';
import { formatInstant } from '../../admin/components/local-time';
import { PersonLink } from '../../admin/components/person-link';
import { RescheduleControl } from '../../admin/components/reschedule-control';
import { useCancelSchedule, useRescheduleSchedule } from '../api';
import { diffText } from '../diff-words';
import { useConfirmedAction } from './confirmed-action';
import styles from './remote-config.module.css';

/** The publishes waiting for their time, soonest first, each with what it will change, a Reschedule and a Cancel. */
export function ScheduledList({
  environment,
  scheduled,
  canEdit,
}: {
  environment: Environment;
  scheduled: readonly RemoteConfigScheduled[];
  canEdit: boolean;
}) {
  const cancel = useCancelSchedule(environment);
  const reschedule = useRescheduleSchedule(environment);
  const action = useConfirmedAction(environment);
  const [notice, setNotice] = useState<FormNotice | null>(null);

  const cancelOne = (one: RemoteConfigScheduled) => {
    const when = formatInstant(one.publishAt);
    void action.run(
      {
        title: `Cancel the publish of ${when}?`,
        message: (
          <p>
            The draft saved for {when} is not published in {environment}. Your draft stays as it is.
          </p>
        ),
        confirmLabel: 'Cancel the publish',
        cancelLabel: 'Keep it',
      },
      (done) =>
        cancel.mutate(one.scheduleID, {
          onSuccess: () => setNotice({ tone: 'ok', text: `Cancelled the publish of ${when}.` }),
          onError: (error) => setNotice({ tone: 'error', text: `The publish was not cancelled. ${error.message}` }),
          onSettled: done,
        }),
    );
  };

  return (
    <section aria-labelledby="remote-config-scheduled">
      <h2 id="remote-config-scheduled">Scheduled publishes</h2>
      <FormAlert notice={notice} />
      {scheduled.length === 0 ? (
        <p className={adminStyles.note}>No publish is scheduled.</p>
      ) : (
        <DataTable label="Publishes waiting for their time" hideCaption>
          <thead>
            <tr>
              <th scope="col">Publishes at</th>
              <th scope="col">Scheduled by</th>
              <th scope="col">Description</th>
              <th scope="col">Changes</th>
              {canEdit && (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {scheduled.map((one) => (
              <tr key={one.scheduleID}>
                <th scope="row" {...cellProps({ nowrap: true })}>
                  <time dateTime={one.publishAt}>{formatInstant(one.publishAt)}</time>
                </th>
                <td {...cellProps({ label: 'Scheduled by' })}>
                  {one.scheduledBy ? <PersonLink person={one.scheduledBy} withEmail={false} /> : 'Outpost'}
                </td>
                <td {...cellProps({ label: 'Description' })}>
                  <CellValue>{one.description || 'None'}</CellValue>
                </td>
                <td {...cellProps({ label: 'Changes' })}>
                  <CellValue>{diffText(one.diff)}</CellValue>
                </td>
                {canEdit && (
                  <td {...cellProps({})}>
                    <div className={styles.actions}>
                      <RescheduleControl
                        environment={environment}
                        what={`the publish of ${formatInstant(one.publishAt)}`}
                        at={one.publishAt}
                        label="New publish time"
                        save={(publishAt, callbacks) =>
                          reschedule.mutate({ scheduleID: one.scheduleID, publishAt }, callbacks)
                        }
                        onDone={(text) => setNotice({ tone: 'ok', text })}
                      />
                      <button
                        type="button"
                        className={listStyles.plainButton}
                        aria-label={`Cancel the publish of ${formatInstant(one.publishAt)}`}
                        onClick={() => cancelOne(one)}
                      >
                        Cancel
                      </button>
                    </div>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      {action.dialogs}
    </section>
  );
}
