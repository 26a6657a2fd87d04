import type { TemplateComponent } from '../../db/schema/index.js';

/**
 * What a Cloud API message template says and how a send names its parts, as Meta documents it:
 * the BODY's `{{1}}`, `{{2}}` … are the texts a send gives; a media HEADER and the variable
 * parts of buttons are sent with the examples the template was approved with.
 */

const PLACEHOLDER = /\{\{\s*(\d+)\s*\}\}/g;

const bodyOf = (components: readonly TemplateComponent[]) =>
  components.find((c) => c.type.toUpperCase() === 'BODY')?.text ?? '';

/** How many distinct `{{n}}` the BODY holds: the texts a send of the template takes. */
export function bodyVariableCount(components: readonly TemplateComponent[]): number {
  return new Set([...bodyOf(components).matchAll(PLACEHOLDER)].map((m) => m[1])).size;
}

/** The BODY as the customer reads it: `{{n}}` replaced by the n-th text. */
export function filledBody(components: readonly TemplateComponent[], variables: readonly string[]): string {
  return bodyOf(components).replace(PLACEHOLDER, (whole, n: string) => variables[Number(n) - 1] ?? whole);
}

type Example = { header_handle?: string[]; header_text?: string[] } | string[] | undefined;

/** The parameters of a HEADER: media by the link it was approved with, a text's `{{1}}` by its example. */
function headerParameters(header: TemplateComponent): unknown[] {
  const format = (header.format ?? 'TEXT').toUpperCase();
  const example = header.example as Example;
  const sample = Array.isArray(example) ? undefined : example;
  if (format === 'TEXT') {
    if (!header.text || !/\{\{\s*\d+\s*\}\}/.test(header.text)) return [];
    return [{ type: 'text', text: sample?.header_text?.[0] ?? '' }];
  }
  const kind = format.toLowerCase();
  if (!['image', 'document', 'video'].includes(kind)) return [];
  const link = sample?.header_handle?.[0];
  return link ? [{ type: kind, [kind]: { link } }] : [];
}

/** A button whose URL ends in `{{1}}` takes the suffix of its example; a copy-code button its code. */
function buttonComponents(buttons: NonNullable<TemplateComponent['buttons']>): unknown[] {
  const out: unknown[] = [];
  buttons.forEach((button, index) => {
    const type = button.type.toUpperCase();
    const example = (button as { example?: string[] }).example?.[0];
    if (type === 'URL' && button.url && /\{\{\s*1\s*\}\}/.test(button.url)) {
      const prefix = button.url.split(/\{\{/)[0]!;
      const suffix = example?.startsWith(prefix) ? example.slice(prefix.length) : (example ?? '');
      out.push({ type: 'button', sub_type: 'url', index: String(index), parameters: [{ type: 'text', text: suffix }] });
    } else if (type === 'COPY_CODE' && example) {
      out.push({
        type: 'button',
        sub_type: 'copy_code',
        index: String(index),
        parameters: [{ type: 'coupon_code', coupon_code: example }],
      });
    }
  });
  return out;
}

/** The `template.components` of a send: header, body texts and buttons where the template has them. */
export function sendComponents(components: readonly TemplateComponent[], variables: readonly string[]): unknown[] {
  const header = components.find((c) => c.type.toUpperCase() === 'HEADER');
  const headerParams = header ? headerParameters(header) : [];
  const buttons = components.find((c) => c.type.toUpperCase() === 'BUTTONS')?.buttons ?? [];
  return [
    ...(headerParams.length ? [{ type: 'header', parameters: headerParams }] : []),
    ...(variables.length ? [{ type: 'body', parameters: variables.map((text) => ({ type: 'text', text })) }] : []),
    ...buttonComponents(buttons),
  ];
}
