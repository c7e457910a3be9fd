/*
 * The screens' paths of experiments, apart from its contract: the web app's route table reads them on
 * every first visit, and the contract's sentences and policies are not needed there.
 */

export const EXPERIMENTS_PATHS = {
  admin: '/admin/experiments',
  adminExperiment: '/admin/experiments/:experimentID',
} as const;

export const adminExperimentPath = (experimentID: string) =>
  EXPERIMENTS_PATHS.adminExperiment.replace(':experimentID', encodeURIComponent(experimentID));
