/* What experiments offer other domains: how their goal metrics are read, and the service the app builds once. */

export { byChunks } from './metric-reading';
export { createExperiments, type ExperimentAssignment, type Experiments, type ExperimentsTesting } from './service';
