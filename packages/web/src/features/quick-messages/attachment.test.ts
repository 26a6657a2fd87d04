import { describe, expect, it } from 'vitest';
import { asUpload, uploadForm, uploadName } from './attachment';

describe('quick message attachment', () => {
  it('replaces every space of the name by an underscore', () => {
    expect(uploadName('tabela de preços 2025.pdf')).toBe('tabela_de_preços_2025.pdf');
    expect(uploadName('sem-espaco.png')).toBe('sem-espaco.png');
  });

  it('uploads the renamed file with its type, and the type of attachment', async () => {
    const file = new File(['%PDF-1.4'], 'minha lista.pdf', { type: 'application/pdf' });
    expect(asUpload(file).name).toBe('minha_lista.pdf');
    const form = uploadForm(file);
    const sent = form.get('file') as File;
    expect(sent.name).toBe('minha_lista.pdf');
    expect(sent.type).toBe('application/pdf');
    expect(await sent.text()).toBe('%PDF-1.4');
    expect(form.get('typeArch')).toBe('quickMessage');
  });
});
