/**
 * Filter values that stand for an empty cell, by column name. react-admin's filter form drops a filter whose value is
 * null, so a list's "back office" choice (a calculation or an order that came through no storefront: channel null) is
 * sent as a word instead. The server's list engine (src/server/http/list-query.ts, through `recordColumns`) and the
 * mock API's (src/mocks/list.ts) read it alike.
 */
import { BACK_OFFICE_CHANNEL } from '../api/storefronts';

export const NULL_FILTER_VALUES: Readonly<Record<string, string>> = Object.freeze({ channel: BACK_OFFICE_CHANNEL });
