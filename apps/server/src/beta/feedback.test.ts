import {
  type AdminFeedback,
  BETA_MESSAGES,
  type BetaConfig,
  type BetaProgramme,
  DEFAULT_BETA_CONFIG,
  type Feedback,
  type FeedbackReview,
  inactiveMissionMessage,
  objectiveTakenMessage,
  type TestingObjective,
  unknownCategoryMessage,
  unknownFeedbackMessage,
  unknownSentimentMessage,
} from '@outpost/contracts/beta';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUpRoles } from '../identity/testing';
import { errorAnswer } from '../testing/error-answer';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { BETA_ADMIN_ACTIONS } from './actions';
import { adminLogOf } from './testing';

const FEEDBACK_BUDGET = 12;

describe.each(TEST_DIALECTS)('testing objectives, beta-config and feedback on %s', (dialect) => {
  let t: TestApp;
  let accounts: Record<'staff' | 'admin' | 'moderator' | 'tester' | 'chatty', SignedIn>;
  const db = () => t.stores.game.development;

  const call = (who: SignedIn | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: who ? { authorization: who.bearer } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const ok = async <Body>(answer: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
    const response = await answer;
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Body;
  };
  const programme = () => ok<BetaProgramme>(call(null, 'GET', '/api/beta'));
  const send = (who: SignedIn, payload: object) => call(who, 'POST', '/api/account/feedback', payload);
  const feedbackList = (query = '') =>
    ok<{ rows: AdminFeedback[]; total: number }>(
      call(accounts.moderator, 'GET', `/api/admin/development/feedback?${query}`),
    );

  beforeAll(async () => {
    // Every attempt counts, refused ones too: the tester makes 10, chatty goes past the 12.
    t = await buildTestApp(dialect, { rateLimits: { feedback: { max: FEEDBACK_BUDGET, windowMs: 60_000 } } });
    accounts = await signUpRoles(t.app, t.stores.identity, {
      staff: ['staff'],
      admin: ['admin'],
      moderator: ['moderator'],
      tester: [],
      chatty: [],
    });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('offers the default beta-config and no objectives before staff write any', async () => {
    expect(await programme()).toEqual({ config: DEFAULT_BETA_CONFIG, objectives: [] });
  });

  it('lets staff create and edit objectives, logged first; players see the active ones', async () => {
    const create = (payload: object) =>
      call(accounts.staff, 'POST', '/api/admin/development/testing-objectives', payload);
    const base = await ok<TestingObjective>(
      create({ objectiveID: ' First-Base ', title: ' Build a base ', description: 'Three containers.' }),
    );
    expect(base).toMatchObject({ objectiveID: 'first-base', title: 'Build a base', active: true });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await ok(create({ objectiveID: 'lobby-chat', title: 'Say hello' }));
    await ok(create({ objectiveID: 'old-quest', title: 'Retired quest', active: false }));

    const taken = await create({ objectiveID: 'first-base', title: 'Again' });
    expect(taken.statusCode).toBe(409);
    // The taken ID names its field, for the form to mark.
    const takenMessage = objectiveTakenMessage('first-base');
    expect(taken.json()).toEqual(errorAnswer('aborted', takenMessage, { fields: { objectiveID: takenMessage } }));
    const untitled = await create({ objectiveID: 'untitled', title: '   ' });
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json().error.message).toBe(`title: ${BETA_MESSAGES.objectiveTitle}`);

    const edited = await ok<TestingObjective>(
      call(accounts.admin, 'PUT', '/api/admin/development/testing-objectives/lobby-chat', {
        title: 'Say hello in the lobby',
        description: 'Use an emote.',
        active: true,
      }),
    );
    expect(edited).toMatchObject({ objectiveID: 'lobby-chat', title: 'Say hello in the lobby', active: true });
    const missing = await call(accounts.admin, 'PUT', '/api/admin/development/testing-objectives/nope', {
      title: 'x',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(errorAnswer('not-found', BETA_MESSAGES.objectiveNotFound));

    expect((await programme()).objectives.map((objective) => objective.objectiveID)).toEqual([
      'first-base',
      'lobby-chat',
    ]);
    const entries = await adminLogOf(db(), BETA_ADMIN_ACTIONS.createObjective);
    expect(entries.map((entry) => (entry.data as { objectiveID: string }).objectiveID)).toEqual([
      'first-base',
      'lobby-chat',
      'old-quest',
    ]);
    // The refused update left no entry: its transaction rolled back.
    expect(await adminLogOf(db(), BETA_ADMIN_ACTIONS.updateObjective)).toEqual([
      {
        admin: accounts.admin.userId,
        environment: 'development',
        data: {
          objectiveID: 'lobby-chat',
          title: 'Say hello in the lobby',
          description: 'Use an emote.',
          active: true,
          // What it was: the log shows the fields the edit changed, before → after.
          previous: { title: 'Say hello', description: '', active: true },
        },
      },
    ]);

    const inactive = await ok<{ rows: TestingObjective[]; total: number }>(
      call(accounts.moderator, 'GET', '/api/admin/development/testing-objectives?active=false'),
    );
    expect(inactive.rows.map((row) => row.objectiveID)).toEqual(['old-quest']);
  });

  it('lets staff replace beta-config/v1, logged, and refuses a broken one', async () => {
    const config: BetaConfig = {
      ...DEFAULT_BETA_CONFIG,
      categories: [
        { id: 'bug', label: 'Bug' },
        { id: 'idea', label: 'Idea' },
      ],
    };
    expect(await ok(call(accounts.staff, 'PUT', '/api/admin/development/beta-config', config))).toEqual(config);
    expect(await ok(call(accounts.moderator, 'GET', '/api/admin/development/beta-config'))).toEqual(config);
    expect((await programme()).config).toEqual(config);
    expect(await adminLogOf(db(), BETA_ADMIN_ACTIONS.updateConfig)).toEqual([
      {
        admin: accounts.staff.userId,
        environment: 'development',
        data: { configID: 'beta-config/v1', ...config, previous: DEFAULT_BETA_CONFIG },
      },
    ]);
    // Each environment has its own.
    expect(await ok(call(accounts.moderator, 'GET', '/api/admin/beta/beta-config'))).toEqual(DEFAULT_BETA_CONFIG);

    const duplicate = await call(accounts.staff, 'PUT', '/api/admin/development/beta-config', {
      ...config,
      sentiments: [
        { id: 'happy', label: 'Happy' },
        { id: 'happy', label: 'Glad' },
      ],
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().error.message).toBe(`sentiments: ${BETA_MESSAGES.optionsUnique}`);
    const noCategories = await call(accounts.staff, 'PUT', '/api/admin/development/beta-config', {
      ...config,
      categories: [],
    });
    expect(noCategories.statusCode).toBe(400);
    expect(noCategories.json().error.message).toBe(`categories: ${BETA_MESSAGES.categories}`);
    expect(await adminLogOf(db(), BETA_ADMIN_ACTIONS.updateConfig)).toHaveLength(1);
  });

  it('stores feedback against the config and the active objectives, unreviewed', async () => {
    const sent = await send(accounts.tester, {
      category: 'bug',
      sentiment: 'negative',
      mission: 'first-base',
      text: '  The third container will not snap.  ',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const feedback = sent.json() as Feedback;
    expect(feedback).toMatchObject({
      userID: accounts.tester.userId,
      category: 'bug',
      sentiment: 'negative',
      mission: 'first-base',
      text: 'The third container will not snap.',
      reviewed: false,
    });
    const general = await send(accounts.tester, { category: 'idea', sentiment: 'positive', text: 'Pets, please.' });
    expect(general.statusCode, general.body).toBe(200);
    expect((general.json() as Feedback).mission).toBeNull();
  });

  it('refuses feedback the config or the objectives do not allow, storing nothing', async () => {
    const before = (await feedbackList()).total;
    const category = await send(accounts.tester, { category: 'gameplay', sentiment: 'neutral', text: 'Hm.' });
    expect(category.statusCode).toBe(400);
    expect(category.json()).toEqual(
      errorAnswer('invalid-argument', unknownCategoryMessage('gameplay', ['bug', 'idea'])),
    );
    const sentiment = await send(accounts.tester, { category: 'bug', sentiment: 'furious', text: 'Hm.' });
    expect(sentiment.statusCode).toBe(400);
    expect(sentiment.json()).toEqual(
      errorAnswer('invalid-argument', unknownSentimentMessage('furious', ['positive', 'neutral', 'negative'])),
    );
    for (const mission of ['old-quest', 'never-was']) {
      const refused = await send(accounts.tester, { category: 'bug', sentiment: 'neutral', mission, text: 'Hm.' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual(errorAnswer('invalid-argument', inactiveMissionMessage(mission)));
    }
    const empty = await send(accounts.tester, { category: 'bug', sentiment: 'neutral', text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(`text: ${BETA_MESSAGES.feedbackText}`);
    const long = await send(accounts.tester, { category: 'bug', sentiment: 'neutral', text: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect((await feedbackList()).total).toBe(before);
  });

  it('refuses feedback while beta-config closes it', async () => {
    const closed = { ...(await programme()).config, feedbackOpen: false };
    await ok(call(accounts.admin, 'PUT', '/api/admin/development/beta-config', closed));
    const refused = await send(accounts.tester, { category: 'bug', sentiment: 'neutral', text: 'Anyone?' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(errorAnswer('aborted', BETA_MESSAGES.feedbackClosed, { code: 'feedback-closed' }));
    await ok(call(accounts.admin, 'PUT', '/api/admin/development/beta-config', { ...closed, feedbackOpen: true }));
  });

  it('limits feedback per player', async () => {
    const message = { category: 'idea', sentiment: 'positive', text: 'More hats.' };
    // One after another: @fastify/rate-limit's memory store hands every request of a concurrent
    // burst the same counter object, so a burst past the budget is refused whole.
    const answers = [];
    for (let attempt = 0; attempt < FEEDBACK_BUDGET + 2; attempt += 1)
      answers.push(await send(accounts.chatty, message));
    expect(answers.map((answer) => answer.statusCode)).toEqual([...Array(FEEDBACK_BUDGET).fill(200), 429, 429]);
    expect(answers.at(-1)?.json().error.status).toBe('RESOURCE_EXHAUSTED');
    // Another player keeps a budget of their own.
    expect((await send(accounts.staff, message)).statusCode).toBe(200);
  });

  it('lists feedback for moderators, filtered by objective, sentiment, category and reviewed', async () => {
    // The tester's two, chatty's budget and the staff member's one.
    const all = await feedbackList();
    expect(all.total).toBe(2 + FEEDBACK_BUDGET + 1);
    expect((await feedbackList('mission=first-base')).rows.map((row) => row.text)).toEqual([
      'The third container will not snap.',
    ]);
    expect((await feedbackList('sentiment=negative')).total).toBe(1);
    expect((await feedbackList('sentiment=positive')).total).toBe(1 + FEEDBACK_BUDGET + 1);
    expect((await feedbackList('category=idea&sentiment=positive&reviewed=false')).total).toBe(FEEDBACK_BUDGET + 2);
    expect((await feedbackList('category=bug')).total).toBe(1);
    const oldestFirst = await feedbackList('order=asc&pageSize=1');
    expect(oldestFirst.rows[0]?.text).toBe('The third container will not snap.');
    // Each entry names the player who sent it, for the review's Player column.
    expect((await feedbackList('mission=first-base')).rows[0]?.sender).toEqual({
      userID: accounts.tester.userId,
      displayName: 'tester-role',
      email: accounts.tester.email,
    });
    const bad = await call(accounts.moderator, 'GET', '/api/admin/development/feedback?reviewed=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('reviewed: reviewed must be true or false.');
  });

  it('marks feedback reviewed, all or none, logged first', async () => {
    const { rows } = await feedbackList('order=asc');
    const [first, second] = rows;
    const review = (payload: object) =>
      call(accounts.moderator, 'POST', '/api/admin/development/feedback/review', payload);
    const marked = await ok<FeedbackReview>(review({ feedbackIDs: [first?.feedbackID, second?.feedbackID] }));
    expect(marked).toEqual({ feedbackIDs: [first?.feedbackID, second?.feedbackID], reviewed: true, changed: 2 });
    const repeat = await ok<FeedbackReview>(review({ feedbackIDs: [first?.feedbackID], reviewed: true }));
    expect(repeat.changed).toBe(0);
    expect((await feedbackList('reviewed=true')).rows.map((row) => row.feedbackID).sort()).toEqual(
      [first?.feedbackID, second?.feedbackID].sort(),
    );

    const unknown = await review({ feedbackIDs: [second?.feedbackID, 'no-such-feedback'], reviewed: false });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(
      errorAnswer('not-found', unknownFeedbackMessage(['no-such-feedback']), { feedbackIDs: ['no-such-feedback'] }),
    );
    expect((await feedbackList('reviewed=true')).total).toBe(2);
    const empty = await review({ feedbackIDs: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(`feedbackIDs: ${BETA_MESSAGES.reviewIDs}`);

    const undone = await ok<FeedbackReview>(review({ feedbackIDs: [second?.feedbackID], reviewed: false }));
    expect(undone.changed).toBe(1);
    expect(await adminLogOf(db(), BETA_ADMIN_ACTIONS.reviewFeedback)).toEqual([
      {
        admin: accounts.moderator.userId,
        environment: 'development',
        data: { feedbackIDs: marked.feedbackIDs, reviewed: true },
      },
      expect.objectContaining({ data: { feedbackIDs: [first?.feedbackID], reviewed: true } }),
      expect.objectContaining({ data: { feedbackIDs: [second?.feedbackID], reviewed: false } }),
    ]);
  });

  it('keeps each part to its roles', async () => {
    const player = accounts.tester;
    const writes = [
      ['POST', '/api/admin/development/testing-objectives', { objectiveID: 'x', title: 'x' }],
      ['PUT', '/api/admin/development/testing-objectives/first-base', { title: 'x' }],
      ['PUT', '/api/admin/development/beta-config', DEFAULT_BETA_CONFIG],
    ] as const;
    for (const [method, url, payload] of writes) {
      expect((await call(accounts.moderator, method, url, payload)).statusCode).toBe(403);
      expect((await call(player, method, url, payload)).statusCode).toBe(403);
    }
    for (const url of ['/api/admin/development/feedback', '/api/admin/development/testing-objectives']) {
      expect((await call(player, 'GET', url)).statusCode).toBe(403);
      expect((await call(accounts.staff, 'GET', url)).statusCode).toBe(200);
    }
    const review = await call(player, 'POST', '/api/admin/development/feedback/review', { feedbackIDs: ['x'] });
    expect(review.statusCode).toBe(403);
    expect((await call(null, 'POST', '/api/account/feedback', { category: 'bug' })).statusCode).toBe(401);
  });
});
