/**
 * `<kontor-calculator store="kontor_pk_…" template="flyer" lang="fr">`: a mandant's storefront calculator for the
 * shop's own page (issue 39). Framework-free on purpose: the shop loads it beside its own code, so it weighs a few
 * kilobytes, brings no React or MUI, and draws inside a shadow root (no style leaks either way). It sends no cookies
 * (`credentials: 'omit'`); the publishable key in the address is all it needs. Texts, labels and choices come with
 * the storefront's configuration in the asked language (one message catalogue, locales/*.json); figures are rounded to
 * three significant digits, like the report's first page.
 *
 * The figure is the server's quote for the inputs (the same compiled template and factors the back office uses), asked
 * for as the customer types, at most one request in flight; a stale answer never overwrites a newer one.
 */
import type { Language } from '../core/languages';
import type { StorefrontConfig, StorefrontField, StorefrontQuote } from '../core/api/storefronts';
import { widgetStyles } from './styles';

const LANGS: readonly Language[] = ['de', 'en', 'fr', 'it', 'es'];
const INTL: Record<Language, string> = { de: 'de-DE', en: 'en-GB', fr: 'fr-FR', it: 'it-IT', es: 'es-ES' };
const TYPING_PAUSE_MS = 120;

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

  private api(path: string): string {
    const base = this.getAttribute('api') ?? scriptOrigin;
    return `${base}/api/storefront/v1/${encodeURIComponent(this.getAttribute('store') ?? '')}/${path}?lang=${this.lang}`;
  }

  private text(key: string, params: Record<string, string> = {}): string {
    return fill(this.config?.texts[key], params);
  }

  private async load(): Promise<void> {
    this.root.replaceChildren(element('style', {}, widgetStyles));
    try {
      const response = await fetch(this.api('config'), { credentials: 'omit' });
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
    this.timer = setTimeout(() => void this.ask(), TYPING_PAUSE_MS);
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
    // A shop (and tests/bench/storefront.bench.ts) can read how long its customers wait for the first figure.
    if (!this.quote && performance.getEntriesByName('kontor-first-figure').length === 0)
      performance.mark('kontor-first-figure');
    this.quote = quote;
    const result = this.root.querySelector('.result')!;
    const total = element('p', { class: 'total' });
    total.append(element('strong', {}, `${this.figure(quote.kg_co2e)} kg CO₂e`));
    const parts: HTMLElement[] = [total];
    if (quote.kg_co2e_per_unit !== null) {
      const grams = quote.kg_co2e_per_unit * 1000;
      const perUnit = grams < 1000 ? `${this.figure(grams)} g CO₂e` : `${this.figure(grams / 1000)} kg CO₂e`;
      parts.push(element('p', { class: 'per-unit' }, this.text('perUnit', { value: perUnit })));
    }
    const sum = quote.stages.reduce((all, stage) => all + Math.max(stage.kg_co2e, 0), 0);
    if (sum > 0) {
      const bar = element('div', { class: 'bar', role: 'img', 'aria-label': this.text('stages') });
      const legend = element('ul', { class: 'legend' });
      quote.stages.forEach((stage, index) => {
        if (!(stage.kg_co2e > 0)) return;
        const share = stage.kg_co2e / sum;
        const words = `${stage.label}: ${this.percent(share)}`;
        bar.append(element('span', { class: `s${index % 7}`, style: `flex-grow:${share}`, title: words }));
        legend.append(element('li', { class: `s${index % 7}` }, words));
      });
      parts.push(bar, legend);
    }
    if (quote.demo) parts.push(element('p', { class: 'demo' }, this.text('demo')));
    result.replaceChildren(...parts);
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
