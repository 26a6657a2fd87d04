import { describe, expect, it } from 'vitest';
import pt from './pt.json';
import en from './en.json';
import es from './es.json';

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v, `${prefix}${k}.`)));
}

describe('locales', () => {
  it('pt, en and es have exactly the same keys', () => {
    const ptKeys = keys(pt as Tree).sort();
    expect(keys(en as Tree).sort()).toEqual(ptKeys);
    expect(keys(es as Tree).sort()).toEqual(ptKeys);
  });

  it('no translation is empty', () => {
    for (const tree of [pt, en, es] as Tree[]) {
      const empty = keys(tree).filter(
        (k) =>
          k
            .split('.')
            .reduce<any>((t, part) => t[part], tree)
            .trim() === '',
      );
      expect(empty).toEqual([]);
    }
  });

  it('pt calls tags "tags" everywhere, as its menu does (foundation §2), never "etiquetas"', () => {
    const texts = keys(pt as Tree).map((k) => k.split('.').reduce<any>((t, part) => t[part], pt));
    expect(texts.filter((text: string) => /etiqueta/i.test(text))).toEqual([]);
  });

  it('every error code of the catalogue has a translated message', async () => {
    const { ERROR_STATUS } = await import('@balcao/contracts');
    const backend = (pt as Tree).backendErrors as Tree;
    expect(Object.keys(ERROR_STATUS).filter((code) => !(code in backend))).toEqual([]);
  });
});
