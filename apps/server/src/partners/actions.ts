/** The admin-log actions of the partner programme's back office. */
export const PARTNER_ADMIN_ACTIONS = {
  createInvite: 'partnerInvite.create',
  updateInvite: 'partnerInvite.update',
  deleteInvite: 'partnerInvite.delete',
  markDelivered: 'partnerInvite.delivered',
  deleteUndelivered: 'partnerInvite.deleteUndelivered',
  createReward: 'referralReward.create',
  updateReward: 'referralReward.update',
  updateConfig: 'partnersConfig.update',
} as const;
