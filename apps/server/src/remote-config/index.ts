/* What remote config offers other domains: its live parameters, the check of a parameter's values, a roll-out of a value. */

export { checkParameterValues } from './check-template';
export { liveParameter } from './current';
export { ParameterGoneError, rollOutParameterValue } from './roll-out';
