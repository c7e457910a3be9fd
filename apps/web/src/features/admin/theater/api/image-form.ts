/** The multipart body of a banner or thumbnail upload: the image file alone. */
export function imageForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}
