/**
 * `<kontor-calculator store="kontor_pk_…" template="flyer" lang="fr">`: a mandant's storefront calculator for the
 * shop's own page (issue 39). Framework-free on purpose: the shop loads it beside its own code, so it weighs a few
 * kilobytes, brings no React or MUI, and draws inside a shadow root (no style leaks either way). It sends no cookies
 * (`credentials: 'omit'`); the publishable key in the address is all it needs. Texts, labels and choices come with
 * the storefront's configuration in the asked language (one message catalogue, locales/*.json); figures are rounded to
 * three significant digits, like the report's first page.
 *
 * As the customer types, the figure is computed at once in the page with the shared engine (./local-figure.ts, the
 * core the back office and the server run) from what the config sends for the shown template; a quote of the server,
 * asked for after a pause in the typing, confirms it. The server's figure wins, and the calculator says so where the
 * two differ; the contribution's price and the quote's validity are only the server's. Where the page cannot compute
 * (no model, a factor it lacks, a value the form refuses), the server's quote is the only figure. A stale answer never
 * overwrites a newer one.
 */
import type { Language } from '../core/languages';
import type { StorefrontConfig, StorefrontField, StorefrontQuote } from '../core/api/storefronts';
import type { OfferFigure } from '../core/storefront-figure';
import { offerComputer } from './local-figure';
import { widgetStyles } from './styles';

const LANGS: readonly Language[] = ['de', 'en', 'fr', 'it', 'es'];
const INTL: Record<Language, string> = { de: 'de-DE', en: 'en-GB', fr: 'fr-FR', it: 'it-IT', es: 'es-ES' };
/** The page's figure follows each key at once; the server confirms after this pause in the typing. */
const TYPING_PAUSE_MS = 250;
/** Figures that differ by less than this share are the same figure (floating-point noise between two JS engines). */
const SAME_FIGURE = 1e-9;

/** Where the script came from: the storefront's API is on the same server. */
const scriptOrigin = (() => {
  const script = document.currentScript as HTMLScriptElement | null;
  try {
    return script?.src ? new URL(script.src).origin : location.origin;
  } catch {
    return location.origin;
  }
})();

type Values = Record<string, string | number | boolean>;

/** A figure as drawn: the page's own or the server's quote, stages already named. */
interface ShownFigure {
  kg_co2e: number;
  kg_co2e_per_unit: number | null;
  stages: { label: string; kg_co2e: number }[];
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** `%{name}` placeholders of a catalogue text filled in. */
function fill(text: string | undefined, params: Record<string, string>): string {
  return (text ?? '').replace(/%\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
}

export class KontorCalculator extends HTMLElement {
  static observedAttributes = ['store', 'template', 'lang'];
  private readonly root: ShadowRoot;
  private config: StorefrontConfig | undefined;
  private values: Values = {};
  private contribution = false;
  private latest = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private quote: StorefrontQuote | undefined;
  private compute: ((sent: Values) => OfferFigure | undefined) | undefined;
  private local: OfferFigure | undefined;
  private controls: (HTMLInputElement | HTMLSelectElement)[] = [];

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
  }

  get lang(): Language {
    const asked = (this.getAttribute('lang') ?? document.documentElement.lang ?? 'de').slice(0, 2) as Language;
    return LANGS.includes(asked) ? asked : 'de';
  }

  /** The current quote and whether the customer chose the contribution (for the shop's checkout script). */
  get value(): { quote: StorefrontQuote | undefined; inputs: Values; contribution: boolean } {
    return { quote: this.quote, inputs: { ...this.values }, contribution: this.contribution };
  }

  connectedCallback(): void {
    void this.load();
  }

  attributeChangedCallback(_name: string, before: string | null, after: string | null): void {
    if (before !== null && before !== after && this.isConnected) void this.load();
  }

  private api(path: string, query = ''): string {
    const base = this.getAttribute('api') ?? scriptOrigin;
    return `${base}/api/storefront/v1/${encodeURIComponent(this.getAttribute('store') ?? '')}/${path}?lang=${this.lang}${query}`;
  }

  private text(key: string, params: Record<string, string> = {}): string {
    return fill(this.config?.texts[key], params);
  }

  private async load(): Promise<void> {
    this.root.replaceChildren(element('style', {}, widgetStyles));
    try {
      const wanted = this.getAttribute('template');
      const query = wanted ? `&template=${encodeURIComponent(wanted)}` : '';
      const response = await fetch(this.api('config', query), { credentials: 'omit' });
      if (!response.ok) throw new Error(String(response.status));
      this.config = (await response.json()) as StorefrontConfig;
    } catch {
      this.root.append(element('p', { role: 'alert', class: 'error' }, 'Kontor: storefront unavailable.'));
      return;
    }
    this.render();
  }

  private offered() {
    const wanted = this.getAttribute('template');
    return this.config?.templates.find((template) => template.id === wanted) ?? this.config?.templates[0];
  }

  private render(): void {
    const config = this.config!;
    const template = this.offered();
    this.style.setProperty('--kontor-accent', config.colour);
    const form = element('form', { class: 'calculator', 'aria-label': template?.label ?? config.name });
    form.addEventListener('submit', (event) => event.preventDefault());
    if (config.logo_url) form.append(element('img', { src: config.logo_url, alt: config.name, class: 'logo' }));
    form.append(element('h2', {}, template ? template.label : config.name));
    this.values = {};
    this.controls = [];
    this.quote = undefined;
    this.compute = template?.model ? offerComputer(template.model) : undefined;
    for (const field of template?.fields ?? []) form.append(this.input(field));
    const result = element('div', { class: 'result', 'aria-live': 'polite', role: 'status' });
    form.append(result);
    if (config.contribution) {
      const id = 'kontor-contribution';
      const box = element('input', { type: 'checkbox', id });
      box.addEventListener('change', () => {
        this.contribution = box.checked;
        this.dispatchEvent(new CustomEvent('kontor-change', { detail: this.value, bubbles: true, composed: true }));
      });
      const label = element('label', { for: id, class: 'contribution-label' });
      const row = element('div', { class: 'contribution' });
      row.append(box, label);
      form.append(row, element('p', { class: 'note' }, this.text('contributionNote')));
    }
    this.root.append(form);
    this.schedule();
  }

  private input(field: StorefrontField): HTMLElement {
    const id = `kontor-${field.name}`;
    const wrapper = element('div', { class: 'field' });
    const label = element('label', { for: id }, field.unit ? `${field.label} (${field.unit})` : field.label);
    let control: HTMLInputElement | HTMLSelectElement;
    if (field.type === 'boolean') {
      control = element('input', { type: 'checkbox', id });
      control.checked = field.default === true;
      this.values[field.name] = control.checked;
      wrapper.classList.add('check');
      wrapper.append(control, label);
    } else if (field.options.length > 0) {
      control = element('select', { id });
      for (const option of field.options) control.append(element('option', { value: option.value }, option.label));
      if (typeof field.default === 'string') control.value = field.default;
      this.values[field.name] = control.value;
      wrapper.append(label, control);
    } else {
      control = element('input', { type: 'number', id, inputmode: 'decimal', required: '' });
      if (field.min !== null) control.min = String(field.min);
      if (field.max !== null) control.max = String(field.max);
      control.step = field.step !== null ? String(field.step) : 'any';
      if (typeof field.default === 'number') {
        control.value = String(field.default);
        this.values[field.name] = field.default;
      }
      wrapper.append(label, control);
    }
    if (field.help) {
      const help = element('small', { id: `${id}-help` }, field.help);
      control.setAttribute('aria-describedby', help.id);
      wrapper.append(help);
    }
    this.controls.push(control);
    control.addEventListener('input', () => {
      const target = control;
      if (target instanceof HTMLInputElement && target.type === 'checkbox') this.values[field.name] = target.checked;
      else if (target instanceof HTMLInputElement) {
        if (target.value === '') delete this.values[field.name];
        else this.values[field.name] = Number(target.value);
      } else this.values[field.name] = target.value;
      this.schedule();
    });
    return wrapper;
  }

  private schedule(): void {
    clearTimeout(this.timer);
    // An answer still on its way is for older values: it must not overwrite the figure of these.
    this.latest++;
    this.computeHere();
    this.timer = setTimeout(() => void this.ask(), TYPING_PAUSE_MS);
  }

  /** The figure in the page, at once; none where a value is one the form refuses (the server will say why). */
  private computeHere(): void {
    const valid = this.controls.every((control) => control.validity.valid);
    this.local = valid ? this.compute?.(this.values) : undefined;
    if (!this.local) return;
    const labels = this.offered()?.model?.stage_labels ?? {};
    this.draw(
      { ...this.local, stages: this.local.stages.map((entry) => ({ ...entry, label: labels[entry.stage] ?? '' })) },
      'page',
    );
    // The database's demo mark is the server's word; it stays while the page's figure follows the typing.
    if (this.quote?.demo)
      this.root.querySelector('.result')!.append(element('p', { class: 'demo' }, this.text('demo')));
  }

  private async ask(): Promise<void> {
    const template = this.offered();
    if (!template) return;
    const asked = ++this.latest;
    const result = this.root.querySelector('.result')!;
    result.setAttribute('aria-busy', 'true');
    let answer: StorefrontQuote | { message?: string; errors?: Record<string, string> };
    let ok = false;
    try {
      const response = await fetch(this.api('quotes'), {
        method: 'POST',
        credentials: 'omit',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ template: template.id, inputs: this.values }),
      });
      ok = response.ok;
      answer = (await response.json()) as typeof answer;
    } catch {
      answer = { message: this.text('offline') };
    }
    if (asked !== this.latest) return;
    result.removeAttribute('aria-busy');
    if (ok) this.show(answer as StorefrontQuote);
    else this.fault(answer as { message?: string; errors?: Record<string, string> });
  }

  private figure(value: number): string {
    return new Intl.NumberFormat(INTL[this.lang], { maximumSignificantDigits: 3 }).format(value);
  }

  private percent(share: number): string {
    return new Intl.NumberFormat(INTL[this.lang], { style: 'percent', maximumSignificantDigits: 2 }).format(share);
  }

  private show(quote: StorefrontQuote): void {
    this.quote = quote;
    const local = this.local;
    const differs =
      local !== undefined &&
      Math.abs(local.kg_co2e - quote.kg_co2e) > SAME_FIGURE * Math.max(Math.abs(quote.kg_co2e), 1);
    const parts = this.draw(quote, 'server');
    if (differs) parts.push(element('p', { class: 'note differs' }, this.text('differs')));
    if (quote.demo) parts.push(element('p', { class: 'demo' }, this.text('demo')));
    this.root.querySelector('.result')!.replaceChildren(...parts);
    const label = this.root.querySelector('.contribution-label');
    if (label && quote.contribution) {
      const price = new Intl.NumberFormat(INTL[this.lang], {
        style: 'currency',
        currency: quote.contribution.currency,
      }).format(quote.contribution.price_minor / 100);
      label.textContent = this.text('contribution', {
        tonnes: this.figure(quote.contribution.tonnes),
        project: quote.contribution.project,
        price,
      });
    }
    this.dispatchEvent(new CustomEvent('kontor-change', { detail: this.value, bubbles: true, composed: true }));
  }

  /** Draws a figure (total, per copy, the stages as a bar) and answers its parts; `source` marks whose it is. */
  private draw(figure: ShownFigure, source: 'page' | 'server'): HTMLElement[] {
    // A shop (and tests/bench/storefront.bench.ts) can read how long its customers wait for the first figure.
    if (performance.getEntriesByName('kontor-first-figure').length === 0) performance.mark('kontor-first-figure');
    const result = this.root.querySelector<HTMLElement>('.result')!;
    const total = element('p', { class: 'total' });
    total.append(element('strong', {}, `${this.figure(figure.kg_co2e)} kg CO₂e`));
    const parts: HTMLElement[] = [total];
    if (figure.kg_co2e_per_unit !== null) {
      const grams = figure.kg_co2e_per_unit * 1000;
      const perUnit = grams < 1000 ? `${this.figure(grams)} g CO₂e` : `${this.figure(grams / 1000)} kg CO₂e`;
      parts.push(element('p', { class: 'per-unit' }, this.text('perUnit', { value: perUnit })));
    }
    const sum = figure.stages.reduce((all, stage) => all + Math.max(stage.kg_co2e, 0), 0);
    if (sum > 0) {
      const bar = element('div', { class: 'bar', role: 'img', 'aria-label': this.text('stages') });
      const legend = element('ul', { class: 'legend' });
      figure.stages.forEach((stage, index) => {
        if (!(stage.kg_co2e > 0)) return;
        const share = stage.kg_co2e / sum;
        const words = `${stage.label}: ${this.percent(share)}`;
        bar.append(element('span', { class: `s${index % 7}`, style: `flex-grow:${share}`, title: words }));
        legend.append(element('li', { class: `s${index % 7}` }, words));
      });
      parts.push(bar, legend);
    }
    result.dataset.figure = source;
    result.replaceChildren(...parts);
    return parts;
  }

  private fault(answer: { message?: string; errors?: Record<string, string> }): void {
    this.quote = undefined;
    const result = this.root.querySelector('.result')!;
    const texts = Object.values(answer.errors ?? {});
    result.replaceChildren(
      element('p', { class: 'error' }, texts.length > 0 ? texts.join(' ') : (answer.message ?? '')),
    );
  }
}

if (!customElements.get('kontor-calculator')) customElements.define('kontor-calculator', KontorCalculator);
