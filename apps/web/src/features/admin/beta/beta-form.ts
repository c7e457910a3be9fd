import {
  type BetaConfig,
  betaConfigSchema,
  type CreateAdminInvite,
  type CreateTestingObjective,
  createAdminInviteInputSchema,
  createTestingObjectiveInputSchema,
  DEFAULT_BETA_CONFIG,
  type TestingObjective,
  type UpdateTestingObjective,
  updateTestingObjectiveInputSchema,
} from '@outpost/contracts/beta';
import { type Checked, checkWith } from '../components/form-check';

/*
 * The beta screens' forms as typed, and their checks with the contracts' schemas the server
 * parses with, so each form says what the server would.
 */

export const BETA_SETTINGS_SAVED = 'Beta settings saved: players get them with the next feedback form they open.';

export interface InviteDraft {
  inviteID: string;
  validDays: string;
}

export const newInviteDraft = (): InviteDraft => ({
  inviteID: '',
  validDays: String(DEFAULT_BETA_CONFIG.inviteLifetimeDays),
});

/** An admin invite as typed: an empty code means a random one. */
export function checkNewInvite(draft: InviteDraft): Checked<CreateAdminInvite> {
  const inviteID = draft.inviteID.trim();
  return checkWith(
    createAdminInviteInputSchema,
    {
      ...(inviteID ? { inviteID } : {}),
      // Typed text: the schema reads whole days from text, and says its own rule when the field is empty.
      validDays: draft.validDays,
    },
    { markFields: true },
  );
}

export interface ObjectiveDraft {
  objectiveID: string;
  title: string;
  description: string;
  active: boolean;
}

export const objectiveDraft = (objective: TestingObjective | null): ObjectiveDraft =>
  objective
    ? {
        objectiveID: objective.objectiveID,
        title: objective.title,
        description: objective.description,
        active: objective.active,
      }
    : { objectiveID: '', title: '', description: '', active: true };

const OBJECTIVE_ORDER = ['objectiveID', 'title', 'description', 'active'];

export function checkNewObjective(draft: ObjectiveDraft): Checked<CreateTestingObjective> {
  return checkWith(createTestingObjectiveInputSchema, draft, { order: OBJECTIVE_ORDER, markFields: true });
}

/** An objective keeps its ID: the update sends the rest. */
export function checkObjectiveEdit({ objectiveID: _kept, ...draft }: ObjectiveDraft): Checked<UpdateTestingObjective> {
  return checkWith(updateTestingObjectiveInputSchema, draft, { order: OBJECTIVE_ORDER, markFields: true });
}

/** One category or sentiment as typed; `key` keeps its row while its ID is edited. */
export interface OptionDraft {
  key: string;
  id: string;
  label: string;
}

export interface ConfigDraft {
  feedbackOpen: boolean;
  categories: OptionDraft[];
  sentiments: OptionDraft[];
  inviteLifetimeDays: string;
}

let nextKey = 0;
export function blankOption(): OptionDraft {
  nextKey += 1;
  return { key: `option-${nextKey}`, id: '', label: '' };
}

const optionDrafts = (options: BetaConfig['categories']) =>
  options.map((option) => ({ ...blankOption(), id: option.id, label: option.label }));

export const configDraft = (config: BetaConfig): ConfigDraft => ({
  feedbackOpen: config.feedbackOpen,
  categories: optionDrafts(config.categories),
  sentiments: optionDrafts(config.sentiments),
  inviteLifetimeDays: String(config.inviteLifetimeDays),
});

const OPTION_NAMES: Record<string, string> = { categories: 'Category', sentiments: 'Sentiment' };

/** beta-config/v1 as typed; a problem with one option names it ("Category 2: …"). */
export function checkConfig(draft: ConfigDraft): Checked<BetaConfig> {
  const options = (rows: OptionDraft[]) => rows.map(({ id, label }) => ({ id, label }));
  return checkWith(
    betaConfigSchema,
    {
      feedbackOpen: draft.feedbackOpen,
      categories: options(draft.categories),
      sentiments: options(draft.sentiments),
      inviteLifetimeDays: draft.inviteLifetimeDays,
    },
    {
      order: ['feedbackOpen', 'categories', 'sentiments', 'inviteLifetimeDays'],
      markFields: true,
      describe: (issue) => {
        const [list, index] = issue.path;
        const name = OPTION_NAMES[String(list)];
        return name && typeof index === 'number' ? `${name} ${index + 1}: ${issue.message}` : issue.message;
      },
    },
  );
}
