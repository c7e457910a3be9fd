/* What the calendar offers the domains whose dated things it shows: the one refusal of a thing already started. */
export { refuseStarted } from './refusals';
