import { type AdminFeedback, FEEDBACK_REVIEW_MAX } from '@outpost/contracts/beta';
import type { Environment } from '@outpost/contracts/environments';
import { personName } from '@outpost/contracts/people';
import { useMemo, useState } from 'react';
import { AdminList } from '../../../components/admin-list/admin-list';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import { adminColumnHelper } from '../../../components/admin-list/columns';
import type { AdminListFilter } from '../../../components/admin-list/list-view';
import {
  RowSelectionProvider,
  SelectionBar,
  selectionColumn,
  useRowSelection,
} from '../../../components/admin-list/row-selection';
import { failureNotice } from '../../../components/form/failure-notice';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { useAdminAccessContext } from '../admin-access-context';
import { LoadState } from '../components/load-state';
import { formatInstant } from '../components/local-time';
import { PersonLink } from '../components/person-link';
import { useGuardedSave } from '../components/use-guarded-save';
import { getFeedback } from './api/get-feedback';
import { type FeedbackChoices, useFeedbackChoices } from './api/get-feedback-choices';
import { moderationQueryKey } from './api/query-keys';
import { useReviewFeedback } from './api/review-feedback';
import { ModerationScreen } from './components/moderation-screen';
import { feedbackWords } from './feedback-text';
import styles from './moderation.module.css';

const column = adminColumnHelper<AdminFeedback>();

/** The list's columns: the objective, category and sentiment in the words staff gave them, the player named. */
function feedbackColumns(choices: FeedbackChoices) {
  const words = feedbackWords(choices);
  return column.columns([
    selectionColumn<AdminFeedback>({
      idOf: (feedback) => feedback.feedbackID,
      rowLabel: (feedback) => `Select feedback ${feedback.feedbackID}`,
      pageLabel: 'Select all feedback on this page',
    }),
    column.accessor('timestamp', {
      header: 'Sent',
      meta: { priority: 2 },
      sortDescFirst: true,
      cell: (cell) => <span className={styles.nowrap}>{formatInstant(cell.getValue())}</span>,
    }),
    column.accessor((feedback) => words.objective(feedback.mission), {
      id: 'mission',
      header: 'Objective',
      meta: { priority: 2 },
    }),
    column.accessor((feedback) => words.category(feedback.category), {
      id: 'category',
      header: 'Category',
      meta: { priority: 2 },
    }),
    column.accessor((feedback) => words.sentiment(feedback.sentiment), {
      id: 'sentiment',
      header: 'Sentiment',
      meta: { priority: 2, nowrap: true },
    }),
    column.accessor('text', {
      header: 'Feedback',
      cell: (cell) => <p className={styles.feedbackText}>{cell.getValue()}</p>,
    }),
    column.accessor((feedback) => personName(feedback.sender), {
      id: 'player',
      header: 'Player',
      cell: (cell) => <PersonLink person={cell.row.original.sender} />,
    }),
    column.accessor((feedback) => (feedback.reviewed ? 'Reviewed' : 'Waiting for review'), {
      id: 'reviewed',
      header: 'Review',
    }),
  ]);
}
const sortable = ['timestamp', 'category', 'sentiment'] as const;

/** The filters name beta-config/v1's options and every objective, retired ones too, as old feedback does. */
function feedbackFilters({ objectives, categories, sentiments }: FeedbackChoices): AdminListFilter[] {
  return [
    {
      kind: 'select',
      param: 'reviewed',
      label: 'Review',
      allLabel: 'Reviewed or not',
      options: [
        { value: 'false', label: 'Waiting for review' },
        { value: 'true', label: 'Reviewed' },
      ],
    },
    {
      kind: 'select',
      param: 'mission',
      label: 'Objective',
      allLabel: 'Every objective',
      options: objectives.map((objective) => ({
        value: objective.objectiveID,
        label: objective.active ? objective.title : `${objective.title} (retired)`,
      })),
    },
    {
      kind: 'select',
      param: 'sentiment',
      label: 'Sentiment',
      allLabel: 'Every sentiment',
      options: sentiments.map((option) => ({ value: option.id, label: option.label })),
    },
    {
      kind: 'select',
      param: 'category',
      label: 'Category',
      allLabel: 'Every category',
      options: categories.map((option) => ({ value: option.id, label: option.label })),
    },
  ];
}

/** The beta players' feedback, newest first: filtered by objective, sentiment, category and review, marked in bulk. */
export default function FeedbackReview() {
  const { environment } = useAdminAccessContext();
  const choices = useFeedbackChoices(environment);
  return (
    <ModerationScreen
      id="feedback-review-title"
      title="Feedback review"
      lead={`What beta players of ${environment} said about the testing objectives. Tick entries to mark them reviewed.`}
    >
      <LoadState query={choices} what="feedback filters" missing="The beta programme’s settings are missing.">
        {(loaded) => <FeedbackList key={environment} environment={environment} choices={loaded} />}
      </LoadState>
    </ModerationScreen>
  );
}

function FeedbackList({ environment, choices }: { environment: Environment; choices: FeedbackChoices }) {
  const filters = useMemo(() => feedbackFilters(choices), [choices]);
  const columns = useMemo(() => feedbackColumns(choices), [choices]);
  const selection = useRowSelection();
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const review = useReviewFeedback(environment);
  const guard = useGuardedSave(environment);
  const chosen = [...selection.selected];
  const tooMany = chosen.length > FEEDBACK_REVIEW_MAX;

  const mark = (reviewed: boolean) => {
    if (chosen.length === 0 || tooMany) return;
    const what = `${chosen.length} feedback ${chosen.length === 1 ? 'entry' : 'entries'}`;
    const outcome = reviewed ? 'reviewed' : 'waiting for review';
    void guard.run(
      () => ({
        message: (
          <p>
            This marks {what} {outcome} in production.
          </p>
        ),
        confirmLabel: 'Mark in production',
      }),
      (done) => {
        setNotice(null);
        review.mutate(
          { feedbackIDs: chosen, reviewed },
          {
            onSuccess: () => {
              selection.clear();
              setNotice({ tone: 'ok', text: `Marked ${what} ${outcome}.` });
            },
            onError: (error) => setNotice(failureNotice(error, 'Nothing was marked. Try again.')),
            onSettled: done,
          },
        );
      },
    );
  };

  const unavailable = chosen.length === 0 || tooMany || review.isPending;
  return (
    <RowSelectionProvider selection={selection}>
      <SelectionBar selection={selection} what="feedback" max={FEEDBACK_REVIEW_MAX} verb="mark">
        <button type="button" className="button" aria-disabled={unavailable} onClick={() => mark(true)}>
          Mark reviewed
        </button>
        <button
          type="button"
          className={listStyles.plainButton}
          aria-disabled={unavailable}
          onClick={() => mark(false)}
        >
          Mark unreviewed
        </button>
      </SelectionBar>
      <FormAlert notice={notice} />
      <AdminList
        label="Feedback"
        hideCaption
        columns={columns}
        sortable={sortable}
        filters={filters}
        queryKey={moderationQueryKey(environment, 'feedback')}
        fetchPage={(query) => getFeedback(environment, query)}
        getRowId={(feedback) => feedback.feedbackID}
        csvFileName={`feedback-${environment}`}
        emptyText="No feedback matches these filters."
      />
      {guard.dialog}
    </RowSelectionProvider>
  );
}
