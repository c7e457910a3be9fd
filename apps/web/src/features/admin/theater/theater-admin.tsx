import { ROUTES } from '@outpost/contracts/routes';
import { TabPanel, Tabs } from '../../../components/tabs/tabs';
import { pageTitle, usePageTitle } from '../../../lib/page-title';
import { Link } from '../../../lib/router/router';
import { useAdminAccessContext } from '../admin-access-context';
import { AdminScreen } from '../components/admin-screen';
import { CollectionsPanel } from './components/collections-panel';
import { EpisodesPanel } from './components/episodes-panel';
import { VideosPanel } from './components/videos-panel';
import styles from './theater.module.css';
import { THEATER_TABS, useTheaterTab } from './theater-tab';

const TABS_ID = 'theater';
const PANELS = { episodes: EpisodesPanel, videos: VideosPanel, collections: CollectionsPanel } as const;

/**
 * The theater admin at /story/admin, inside the admin shell: the episodes (mtota), the theater videos and
 * their collections of the environment the server confirmed, one part at a time. Staff and admins change them
 * (manageTheater); moderators read.
 */
export default function TheaterAdmin() {
  usePageTitle(pageTitle('Theater admin'));
  const { environment, capabilities } = useAdminAccessContext();
  const [tab, selectTab] = useTheaterTab();
  const Panel = PANELS[tab];
  const label = THEATER_TABS.find((candidate) => candidate.id === tab)?.label;

  return (
    <AdminScreen
      id="theater-admin-title"
      title="Theater"
      lead={
        <>
          The episodes (mtota), theater videos and collections of {environment}, as players find them in{' '}
          <Link to={ROUTES.story}>the story theater</Link>.
        </>
      }
      className={styles.screen}
    >
      <Tabs
        label="Theater admin"
        idPrefix={TABS_ID}
        tabs={THEATER_TABS}
        selected={tab}
        // A click adds a history entry; a move by key replaces it, so scanning the tabs does not fill the history.
        onSelect={(next, via) => selectTab(next, { replace: via === 'key' })}
        layout="scroll"
      />
      <TabPanel idPrefix={TABS_ID} selected={tab} className={styles.panel}>
        <h2>{label}</h2>
        <Panel environment={environment} canEdit={capabilities.manageTheater} />
      </TabPanel>
    </AdminScreen>
  );
}
