/** The admin-log actions of the beta programme's back office. */
export const BETA_ADMIN_ACTIONS = {
  createInvite: 'invite.create',
  acceptRequest: 'betaRequest.accept',
  createObjective: 'testingObjective.create',
  updateObjective: 'testingObjective.update',
  updateConfig: 'betaConfig.update',
  reviewFeedback: 'feedback.review',
} as const;
