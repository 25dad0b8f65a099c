/** Dates and times in the interface language: core's formatters, shared with the server's exports. */
export { formatDateTime, formatDay, formatInstantDay } from '../../core/dates';
