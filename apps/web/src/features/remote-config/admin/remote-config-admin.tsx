import { REMOTE_CONFIG_TOPIC } from '@outpost/contracts/remote-config/contract';
import { LiveUpdates } from '../../../components/live-status/live-status';
import { useAdminAccessContext } from '../../admin/admin-access-context';
import { AdminScreen } from '../../admin/components/admin-screen';
import { LoadState } from '../../admin/components/load-state';
import { ReadOnlyNotice } from '../../admin/components/read-only-notice';
import { useStartParam } from '../../calendar/start-param';
import { useRemoteConfigState } from '../api';
import { ConditionList } from './condition-list';
import { ParameterList } from './parameter-list';
import { PublishedSummary } from './published-summary';
import styles from './remote-config.module.css';
import { ScheduledList } from './scheduled-list';
import { VersionList } from './version-list';

/**
 * /admin/remote-config in the selected environment: the version players get and what the draft
 * changes, the draft's parameters and conditions (edited by those who run the shop, read by
 * moderators), the publishes waiting for their time, and every version with a rollback. The
 * remote-config topic brings another tab's save or publish without a reload.
 */
export default function RemoteConfigAdmin() {
  const { environment, capabilities } = useAdminAccessContext();
  const canEdit = capabilities.manageShop;
  const state = useRemoteConfigState(environment);
  const startsAt = useStartParam();
  return (
    <AdminScreen
      id="remote-config-admin-title"
      title="Remote config"
      lead={`What the game of ${environment} reads at run time, without a release: edit the draft, then publish it.`}
      className={styles.screen}
    >
      {!canEdit && <ReadOnlyNotice>Your role may view the remote config but not change it.</ReadOnlyNotice>}
      <LiveUpdates topics={[REMOTE_CONFIG_TOPIC]} environment={environment} />
      <LoadState query={state} what="remote config" missing="The remote config could not be found.">
        {(loaded) => (
          <>
            <PublishedSummary environment={environment} state={loaded} canEdit={canEdit} startsAt={startsAt} />
            <ScheduledList environment={environment} scheduled={loaded.scheduled} canEdit={canEdit} />
            <ParameterList environment={environment} state={loaded} canEdit={canEdit} />
            <ConditionList environment={environment} state={loaded} canEdit={canEdit} />
            <VersionList environment={environment} currentVersion={loaded.current?.version ?? null} canEdit={canEdit} />
          </>
        )}
      </LoadState>
    </AdminScreen>
  );
}
