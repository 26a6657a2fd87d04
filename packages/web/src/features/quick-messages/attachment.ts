/** The attachment as it is uploaded: its name with spaces replaced by underscores (operations §5). */
export const uploadName = (name: string) => name.replace(/\s/g, '_');

export function asUpload(file: File): File {
  const name = uploadName(file.name);
  return name === file.name ? file : new File([file], name, { type: file.type, lastModified: file.lastModified });
}

/** The multipart body of `POST /quick-messages/{id}/media-upload` (file, typeArch). */
export function uploadForm(file: File): FormData {
  const form = new FormData();
  form.append('typeArch', 'quickMessage');
  form.append('file', asUpload(file));
  return form;
}
