import { describe, expect, it } from 'vitest';
import { linkify, toParagraphs } from './linkify.ts';

describe('linkify', () => {
  it('turns http and https addresses into links and keeps the text around them', () => {
    expect(linkify('See https://bitcoin.org/en/ and http://example.com/a?b=1#c now')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://bitcoin.org/en/', href: 'https://bitcoin.org/en/' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://example.com/a?b=1#c', href: 'http://example.com/a?b=1#c' },
      { kind: 'text', text: ' now' },
    ]);
  });

  it('leaves the punctuation that ends a sentence out of the link', () => {
    expect(linkify('Read https://example.com/whitepaper. Then (https://example.com/x).')).toEqual([
      { kind: 'text', text: 'Read ' },
      {
        kind: 'link',
        text: 'https://example.com/whitepaper',
        href: 'https://example.com/whitepaper',
      },
      { kind: 'text', text: '. Then (' },
      { kind: 'link', text: 'https://example.com/x', href: 'https://example.com/x' },
      { kind: 'text', text: ').' },
    ]);
  });

  it('keeps brackets that belong to the address', () => {
    const [link] = linkify('https://en.wikipedia.org/wiki/Bitcoin_(disambiguation)');
    expect(link).toMatchObject({
      kind: 'link',
      text: 'https://en.wikipedia.org/wiki/Bitcoin_(disambiguation)',
    });
  });

  it('makes no link of other schemes or of markup', () => {
    const text =
      'javascript:alert(1) <a href="https://evil.example">x</a> ftp://files.example <b>bold</b>';
    expect(linkify(text).filter((part) => part.kind === 'link')).toEqual([
      { kind: 'link', text: 'https://evil.example', href: 'https://evil.example/' },
    ]);
    expect(linkify('<b>bold</b>')).toEqual([{ kind: 'text', text: '<b>bold</b>' }]);
  });
});

describe('toParagraphs', () => {
  it('splits at line breaks of any kind and drops blank lines', () => {
    expect(toParagraphs('One\nTwo\r\n\r\n  \nThree\rFour')).toEqual([
      'One',
      'Two',
      'Three',
      'Four',
    ]);
  });
});
