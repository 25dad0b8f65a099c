import { saveFile } from '../shell/download/saveFile';

/** Offers a template as a file download of the browser. */
export function downloadJson(text: string, fileName: string): void {
  saveFile(text, fileName, 'application/json;charset=utf-8');
}

/** The file text of an unsaved definition, in the shape of a shipped template file. */
export function templateFileText(json: Record<string, unknown>): string {
  return `${JSON.stringify({ $schema: '../template.schema.json', ...json }, null, 2)}\n`;
}
