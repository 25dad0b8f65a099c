/**
 * Every migration, listed statically (no FileMigrationProvider): the list survives bundling and
 * shows in one place what the schema is made of. Names sort in the order they must run.
 * To add one: create `NNNN_name.ts` exporting `up` (and `down`) and add it here.
 */
import type { Migration, MigrationProvider } from 'kysely';
import * as foundation from './0001_foundation';
import * as calculations from './0002_calculations';
import * as protocol from './0003_protocol';
import * as apiTokens from './0004_api_tokens';
import * as collections from './0005_collections';
import * as orders from './0006_orders';
import * as imports from './0007_imports';
import * as statisticsIndexes from './0008_statistics_indexes';
import * as templateVersions from './0010_template_versions';
import * as factorMigrations from './0009_factor_migrations';
import * as calculationTagTotals from './0011_calculation_tag_totals';
import * as migrationKinds from './0012_migration_kinds';
import * as statisticsMonthIndex from './0013_statistics_month_index';
import * as statementTagTriggers from './0014_statement_tag_triggers';
import * as calculationIndexReview from './0015_calculation_index_review';
import * as calculationTagsKey from './0016_calculation_tags_key';
import * as tagRowWriters from './0017_tag_row_writers';
import * as invitations from './0018_invitations';
import * as loginThrottle from './0019_login_throttle';
import * as databaseRollout from './0020_database_rollout';
import * as units from './0021_units';
import * as machines from './0022_machines';
import * as listSearch from './0024_list_search';
import * as factorCategories from './0025_factor_categories';
import * as statementReferences from './0026_statement_references';
import * as machineSetMigrations from './0028_machine_set_migrations';
import * as publications from './0029_publications';
import * as listFilterIndexes from './0031_list_filter_indexes';
import * as calculationState from './0032_calculation_state';
import * as loginDevices from './0035_login_devices';
import * as factorDatabaseGwpSet from './0044_factor_database_gwp_set';
import * as machineSetSite from './0062_machine_set_site_and_market_electricity';
import * as orderRegistrySerials from './0045_order_registry_serials';
import * as storefronts from './0060_storefronts';
import * as factorDataQuality from './0050_factor_data_quality';
import * as factorMillDeclaration from './0061_factor_mill_declaration';
import * as bulkDerivedWrites from './0058_bulk_derived_writes';
import * as storefrontOrders from './0067_storefront_orders';
import * as storefrontWebhooks from './0068_storefront_webhooks';
import * as migrationItemMachineSet from './0070_migration_item_machine_set';
import * as storefrontComputeInPage from './0071_storefront_compute_in_page';
import * as calculationStateTemplateType from './0072_calculation_state_template_type';

export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_calculations': calculations,
  '0003_protocol': protocol,
  '0004_api_tokens': apiTokens,
  '0005_collections': collections,
  '0006_orders': orders,
  '0007_imports': imports,
  '0008_statistics_indexes': statisticsIndexes,
  '0010_template_versions': templateVersions,
  '0009_factor_migrations': factorMigrations,
  '0011_calculation_tag_totals': calculationTagTotals,
  '0012_migration_kinds': migrationKinds,
  '0013_statistics_month_index': statisticsMonthIndex,
  '0014_statement_tag_triggers': statementTagTriggers,
  '0015_calculation_index_review': calculationIndexReview,
  '0016_calculation_tags_key': calculationTagsKey,
  '0017_tag_row_writers': tagRowWriters,
  '0018_invitations': invitations,
  '0019_login_throttle': loginThrottle,
  '0020_database_rollout': databaseRollout,
  '0021_units': units,
  '0022_machines': machines,
  '0024_list_search': listSearch,
  '0025_factor_categories': factorCategories,
  '0026_statement_references': statementReferences,
  '0028_machine_set_migrations': machineSetMigrations,
  '0029_publications': publications,
  '0031_list_filter_indexes': listFilterIndexes,
  '0032_calculation_state': calculationState,
  '0035_login_devices': loginDevices,
  '0044_factor_database_gwp_set': factorDatabaseGwpSet,
  '0045_order_registry_serials': orderRegistrySerials,
  '0060_storefronts': storefronts,
  '0050_factor_data_quality': factorDataQuality,
  '0058_bulk_derived_writes': bulkDerivedWrites,
  '0061_factor_mill_declaration': factorMillDeclaration,
  '0062_machine_set_site_and_market_electricity': machineSetSite,
  '0067_storefront_orders': storefrontOrders,
  '0068_storefront_webhooks': storefrontWebhooks,
  '0070_migration_item_machine_set': migrationItemMachineSet,
  '0071_storefront_compute_in_page': storefrontComputeInPage,
  '0072_calculation_state_template_type': calculationStateTemplateType,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
