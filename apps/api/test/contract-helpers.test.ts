import { fieldErrors, isErrorBody } from '@smart-zone/types/errors';
import { imgSchema } from '@smart-zone/types/item';
import { controlCharacterMessage, hasControlCharacter } from '@smart-zone/types/text';

// The contract's small helpers, each case a shape the API or the web client meets.
describe('isErrorBody: the one error shape, and nothing that merely looks like it', () => {
  it.each([
    [{ error: { code: 'not_found', message: 'No item' } }],
    [{ error: { code: 'validation_failed', message: 'Bad', fields: { name: 'Too long' } } }],
  ])('accepts %j', (value) => {
    expect(isErrorBody(value)).toBe(true);
  });

  it.each([
    ['null', null],
    ['a string', 'error'],
    ['a number', 404],
    ['an array', [{ error: { code: 'x', message: 'y' } }]],
    ['an object without error', { message: 'No item' }],
    ['error as a string', { error: 'not_found' }],
    ['error null', { error: null }],
    ['error without message', { error: { code: 'not_found' } }],
    ['error without code', { error: { message: 'No item' } }],
    ['a numeric message', { error: { code: 'not_found', message: 404 } }],
    ['a numeric code', { error: { code: 404, message: 'No item' } }],
  ])('refuses %s', (_label, value) => {
    expect(isErrorBody(value)).toBe(false);
  });
});

describe('fieldErrors: zod issues to { field: first message }', () => {
  it('joins nested paths with dots, keeps the first message per field, and files path-less issues under _', () => {
    expect(
      fieldErrors([
        { path: ['name'], message: 'Name is required' },
        { path: ['name'], message: 'Name is too long' },
        { path: ['address', 'city'], message: 'City is required' },
        { path: ['lines', 0], message: 'Line 1 is empty' },
        { path: [], message: 'Something is off' },
      ]),
    ).toEqual({
      name: 'Name is required',
      'address.city': 'City is required',
      'lines.0': 'Line 1 is empty',
      _: 'Something is off',
    });
  });
});

describe('an item picture is an http(s) URL, a site path or empty', () => {
  it.each(['', '/images/pixel-9.svg', 'http://cdn.example/p.png', 'https://cdn.example/p.png', '  /images/x.svg  '])(
    'accepts %j',
    (img) => {
      expect(imgSchema.safeParse(img).success).toBe(true);
    },
  );

  it.each([
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'ftp://files.example/p.png',
    '//evil.example/p.png',
    '/\\evil.example/p.png',
    'images/relative.png',
    'not a url',
  ])('refuses %j', (img) => {
    expect(imgSchema.safeParse(img).success).toBe(false);
  });
});

describe('control characters: one line unless a field says it may hold several', () => {
  it('a single-line text (the default) refuses tabs and line breaks; a multi-line one keeps them', () => {
    expect(['a\tb', 'a\nb', 'a\rb', 'a\u0000b', 'a\u007fb'].map((text) => hasControlCharacter(text))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(
      ['a\tb', 'a\nb', 'a\rb', 'a\u0000b', 'a\u007fb'].map((text) => hasControlCharacter(text, { multiLine: true })),
    ).toEqual([false, false, false, true, true]);
    expect(hasControlCharacter('Pixel 9 — 128 GB, é ω ж')).toBe(false);
  });

  it("says which, in the field's name", () => {
    expect(controlCharacterMessage('Name')).toBe(
      'Name cannot contain control characters such as NUL, tabs or line breaks',
    );
    expect(controlCharacterMessage('Description', { multiLine: true })).toBe(
      'Description cannot contain control characters (line breaks and tabs are fine)',
    );
  });
});
