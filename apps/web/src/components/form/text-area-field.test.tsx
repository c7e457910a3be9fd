import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TextAreaField } from './text-area-field';

/** An attribute of the first element of `tag` in `html`. */
const attribute = (html: string, tag: string, name: string) =>
  new RegExp(`<${tag}[^>]*? ${name}="([^"]*)"`).exec(html)?.[1];

/** The text of the element with this id. */
const textOf = (html: string, id: string) => new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1];

describe('TextAreaField', () => {
  it('labels the field and passes the textarea’s own props through', () => {
    const html = renderToString(
      <TextAreaField label="Reason" rows={3} maxLength={500} value="Late delivery" readOnly />,
    );
    const id = attribute(html, 'textarea', 'id');
    expect(id).toBeTruthy();
    expect(attribute(html, 'label', 'for')).toBe(id);
    expect(attribute(html, 'textarea', 'rows')).toBe('3');
    expect(attribute(html, 'textarea', 'maxLength')).toBe('500');
    expect(html).toContain('>Late delivery</textarea>');
    expect(html).not.toContain('aria-invalid');
    expect(html).not.toContain('aria-describedby');
  });

  it('reads its hint and its error with the field, and marks it invalid', () => {
    const html = renderToString(
      <TextAreaField label="Message" hint="Up to 2,000 characters." error="Write your message." value="" readOnly />,
    );
    expect(attribute(html, 'textarea', 'aria-invalid')).toBe('true');
    const described = (attribute(html, 'textarea', 'aria-describedby') ?? '').split(' ');
    expect(described.map((id) => textOf(html, id))).toEqual(['Up to 2,000 characters.', 'Write your message.']);
  });
});
