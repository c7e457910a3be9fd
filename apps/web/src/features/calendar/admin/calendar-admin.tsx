import {
  CALENDAR_KIND_LABELS,
  CALENDAR_KIND_PLURALS,
  CALENDAR_VIEWS,
  type CalendarEntry,
  type CalendarView,
} from '@outpost/contracts/calendar/schemas';
import type { Environment } from '@outpost/contracts/environments';
import { useEffect, useRef, useState } from 'react';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { LiveUpdates } from '../../../components/live-status/live-status';
import { TabPanel, Tabs } from '../../../components/tabs/tabs';
import { useSearchParams } from '../../../lib/router/router';
import { useAdminAccessContext } from '../../admin/admin-access-context';
import { AdminScreen } from '../../admin/components/admin-screen';
import adminStyles from '../../admin/components/admin-screen.module.css';
import { FormSheet } from '../../admin/components/form-sheet';
import loadStyles from '../../admin/components/load-state.module.css';
import { useCalendar } from '../api';
import {
  type CalendarPlace,
  daysOf,
  entryKey,
  overlapsOf,
  periodTitle,
  placeFromParams,
  placeParams,
  sameDay,
  shiftPlace,
  startFor,
  startOfDay,
  touchesDay,
  windowOf,
} from '../calendar-time';
import { CREATABLE, followedTopics, shownKinds } from '../kinds';
import { Agenda } from './agenda';
import styles from './calendar.module.css';
import { EntryDetails } from './entry-details';
import { MonthView } from './month-view';
import { NewEntry } from './new-entry';
import { TimeGrid } from './time-grid';
import { useNarrow } from './use-narrow';
import type { CalendarViewProps } from './view-props';

const KIND_LIST = new Intl.ListFormat('en', { type: 'conjunction' });
const VIEW_LABELS: Record<CalendarView, string> = { day: 'Day', week: 'Week', month: 'Month' };
const VIEW_TABS = CALENDAR_VIEWS.map((view) => ({ id: view, label: VIEW_LABELS[view] }));

/** How the view is drawn: seven columns of days do not fit a phone, which reads the month and the week as a list. */
function ViewBody({ narrow, ...props }: CalendarViewProps & { narrow: boolean }) {
  if (props.place.view === 'day') return <TimeGrid {...props} />;
  if (narrow) return <Agenda {...props} />;
  return props.place.view === 'month' ? <MonthView {...props} /> : <TimeGrid {...props} />;
}

/** What the sheet over the calendar shows: an entry's details, or "New" from a time; each belongs to its environment. */
type Sheet = { environment: Environment } & ({ kind: 'entry'; entry: CalendarEntry } | { kind: 'new'; at: Date });

/**
 * /admin/calendar in the selected environment: every dated thing on one timeline, by month, week or
 * day (the address keeps which, and the day), each entry opening its details with Move and Cancel…
 * as its own screen allows, and "New" at a time for the kinds the viewer may create. The topics of
 * the things it shows keep it current.
 */
export default function CalendarAdmin() {
  const { environment, capabilities } = useAdminAccessContext();
  const [params, setParams] = useSearchParams();
  const today = new Date();
  const place = placeFromParams(params, today);
  const calendar = useCalendar(environment, windowOf(place));
  const narrow = useNarrow();
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const canCreate = CREATABLE.some(({ capability }) => capabilities[capability]);
  const kinds = shownKinds(capabilities);
  const title = periodTitle(place);

  const go = (next: CalendarPlace, replace = false) => setParams(placeParams(next), { replace });
  const open = sheet?.environment === environment ? sheet : null;

  const days = daysOf(place);
  // Only the period's: the last window's entries stay on screen while the next loads, and must not count as this one's.
  const entries = (calendar.data?.entries ?? []).filter((entry) => days.some((day) => touchesDay(entry, day)));
  const overlaps = overlapsOf(entries);

  // After a move or a cancel the entry's button may be gone from where it was: the outcome takes the focus.
  useEffect(() => {
    if (notice && (document.activeElement === document.body || document.activeElement === null)) {
      alertRef.current?.focus();
    }
  }, [notice]);

  const closeSheet = (done: FormNotice | null) => {
    setSheet(null);
    if (done) setNotice(done);
  };

  const viewProps: CalendarViewProps = {
    place,
    entries,
    overlaps,
    today,
    onOpen: (entry) => setSheet({ environment, kind: 'entry', entry }),
    onNew: canCreate ? (day, hour) => setSheet({ environment, kind: 'new', at: startFor(day, today, hour) }) : null,
    onShowDay: (day) => go({ view: 'day', date: startOfDay(day) }),
  };
  // The entry as last read (a live refresh may have changed it), or as it was opened when it left the window.
  const shownEntry =
    open?.kind === 'entry' ? (entries.find((entry) => entryKey(entry) === entryKey(open.entry)) ?? open.entry) : null;

  // "New" from the toolbar starts on today when the period shows it, else on the period's day.
  const newFrom = days.some((day) => sameDay(day, today)) ? startOfDay(today) : place.date;

  return (
    <AdminScreen
      id="calendar-admin-title"
      title="Calendar"
      lead={`Everything dated in ${environment}, in your time zone: ${KIND_LIST.format(kinds.map((kind) => CALENDAR_KIND_PLURALS[kind]))}.`}
      className={styles.screen}
    >
      <div className={styles.toolbar}>
        <Tabs
          label="View"
          idPrefix="calendar-view"
          tabs={VIEW_TABS}
          selected={place.view}
          layout="fill"
          onSelect={(view, via) => go({ view, date: place.date }, via === 'key')}
        />
        <div className={styles.periodBar}>
          <div className={styles.steps}>
            <button type="button" className={listStyles.plainButton} onClick={() => go(shiftPlace(place, -1))}>
              Previous
            </button>
            <button
              type="button"
              className={listStyles.plainButton}
              onClick={() => go({ view: place.view, date: startOfDay(today) })}
            >
              Today
            </button>
            <button type="button" className={listStyles.plainButton} onClick={() => go(shiftPlace(place, 1))}>
              Next
            </button>
          </div>
          <h2 className={styles.period} aria-live="polite">
            {title}
          </h2>
          {canCreate && (
            <button
              type="button"
              className={`button ${adminStyles.toolbarButton}`}
              onClick={() => setSheet({ environment, kind: 'new', at: startFor(newFrom, today) })}
            >
              + New
            </button>
          )}
        </div>
      </div>
      <LiveUpdates topics={followedTopics(capabilities)} environment={environment} />
      <FormAlert notice={notice} ref={alertRef} />
      <ul className={styles.legend} aria-label="Kinds">
        {kinds.map((kind) => (
          <li key={kind} data-kind={kind}>
            <span className={styles.swatch} aria-hidden="true" />
            {CALENDAR_KIND_LABELS[kind]}
          </li>
        ))}
      </ul>
      <TabPanel idPrefix="calendar-view" selected={place.view} className={styles.panel}>
        {calendar.isPending ? (
          <p role="status" className={loadStyles.loading}>
            Loading the calendar…
          </p>
        ) : calendar.isError && !calendar.data ? (
          <div role="alert" className={loadStyles.failure}>
            <p>The calendar could not be loaded: {calendar.error.message}</p>
            <button type="button" className="button" onClick={() => void calendar.refetch()}>
              Try again
            </button>
          </div>
        ) : (
          <div aria-busy={calendar.isPlaceholderData} className={styles.viewBody}>
            {entries.length === 0 && !calendar.isPlaceholderData && (
              <p className={adminStyles.note}>Nothing is scheduled in this period.</p>
            )}
            <ViewBody narrow={narrow} {...viewProps} />
          </div>
        )}
      </TabPanel>
      {open && (
        <FormSheet
          label={open.kind === 'entry' ? (shownEntry?.title ?? '') : 'New in the calendar'}
          onClose={() => closeSheet(null)}
        >
          {open.kind === 'entry' && shownEntry ? (
            <EntryDetails
              environment={environment}
              entry={shownEntry}
              overlaps={overlaps.get(entryKey(shownEntry)) ?? []}
              onDone={closeSheet}
            />
          ) : open.kind === 'new' ? (
            <NewEntry at={open.at} capabilities={capabilities} />
          ) : null}
        </FormSheet>
      )}
    </AdminScreen>
  );
}
