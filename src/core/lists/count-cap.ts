/**
 * Lists that grow without bound (calculations, protocol) count their matches exactly only up to this
 * number: beyond it a count would read every matching row on every page turn, and nobody pages through
 * ten thousand rows. Past it the server answers `Content-Range: calculations 0-24/*` and the list says
 * "of more than 10,000" (`ra.navigation.partial_page_range_info` in every locale names this number).
 */
export const LIST_COUNT_CAP = 10_000;
