/**
 * The offer's figure computed in the shop's page (issue 39): the model the config sends for the shown template
 * (core/api/storefronts.ts, StorefrontOfferModel) turned into the engine's factor lookup and production data, and
 * the shared core (core/storefront-figure.ts, the engine of core/formula) run on the customer's inputs. No second
 * engine: this file only adapts the model's plain values to the engine's interfaces.
 */
import type { StorefrontOfferModel } from '../core/api/storefronts';
import type { ProductionData, SiteAllocationKey } from '../core/production';
import { computeOfferFigure, offerInputs, type OfferFigure } from '../core/storefront-figure';
import type { FactorInfo, FactorLookup } from '../core/template/types';

function factorLookup(values: Record<string, number>): FactorLookup {
  const byKey = new Map<string, FactorInfo>();
  for (const [key, value] of Object.entries(values)) byKey.set(key, { key, value, unit: '', source: '' });
  return (key) => byKey.get(key);
}

function productionData(model: NonNullable<StorefrontOfferModel['production']>): ProductionData {
  const machines = new Map(
    Object.entries(model.machines).map(([key, machine]) => [
      key,
      {
        key,
        kind: machine.kind as 'press',
        name: key,
        figures: Object.fromEntries(
          Object.entries(machine.figures).map(([name, value]) => [name, { value, source: '', year: null }]),
        ),
      },
    ]),
  );
  const site = model.site && {
    annualKgCo2e: model.site.kg_co2e_per_unit,
    annualAmount: 1,
    allocationKey: model.site.allocation_key as SiteAllocationKey,
    source: '',
    year: null,
  };
  return {
    set: { id: 0, name: '', version_label: '' },
    region: null,
    machine: (key) => machines.get(key),
    energy: (name) => {
      const value = model.energy[name];
      return value === undefined ? undefined : { value, source: '', year: null, supplier: '', region: null };
    },
    site: () => site ?? undefined,
  };
}

/**
 * A computer of the offer's figure for the customer's inputs; it answers undefined where the page cannot compute it
 * (a factor or machine the model lacks, a function the engine refuses, a template it cannot compile), and the
 * calculator then waits for the server's quote.
 */
export function offerComputer(model: StorefrontOfferModel): (sent: Record<string, unknown>) => OfferFigure | undefined {
  const lookup = factorLookup(model.factors);
  const production = model.production ? productionData(model.production) : undefined;
  return (sent) => {
    try {
      return computeOfferFigure(model.template, offerInputs(model.template, model.preset, sent), lookup, production);
    } catch {
      return undefined;
    }
  };
}
