/**
 * A machine set's fields for a market-based contract and a site footprint (issue 33, item 3), all unset: the
 * fixtures that only need a plain electricity contract spread this instead of restating ten nulls.
 */
export const NO_MARKET_OR_SITE = {
  electricity_go_share: null,
  electricity_residual_factor: null,
  electricity_residual_source: '',
  electricity_location_factor: null,
  electricity_location_source: '',
  site_kg_co2e: null,
  site_allocation_key: null,
  site_annual_amount: null,
  site_source: '',
  site_year: null,
} as const;
