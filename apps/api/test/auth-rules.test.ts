/** The two small rules every guard rests on: reading the bearer token, and who counts as staff. */
import { bearerToken } from '../src/auth/bearer';
import { isStaff, parseStaffList } from '../src/auth/staff';

describe('bearerToken', () => {
  it.each([
    ['Bearer abc.def', 'abc.def'],
    ['bearer abc', 'abc'],
    ['BEARER\tabc', 'abc'],
    ['Bearer    abc', 'abc'],
    ['Bearer abc \t', 'abc'],
  ])('%j → %j', (header, token) => {
    expect(bearerToken(header)).toBe(token);
  });

  it.each([
    undefined,
    '',
    'Bearer',
    'Bearer ',
    'Basic abc',
    'xBearer abc',
    'Bearer abc def',
    'Bearer abc\nx',
    'Token abc',
  ])('%j → null', (header) => {
    expect(bearerToken(header)).toBeNull();
  });
});

describe('staff', () => {
  const ann = { email: 'Ann@Shop.com', verified: true };

  it('unset (null): every verified user, and no unverified one', () => {
    expect(parseStaffList(undefined)).toBeNull();
    expect(parseStaffList(' , ')).toBeNull();
    expect(isStaff(null, ann)).toBe(true);
    expect(isStaff(null, { ...ann, verified: false })).toBe(false);
  });

  it('a list: its emails and @domains, in any case; never an unverified user', () => {
    const staff = parseStaffList('ann@shop.com, @DEPOT.example');
    expect(staff).toEqual(['ann@shop.com', '@depot.example']);
    expect(isStaff(staff, ann)).toBe(true);
    expect(isStaff(staff, { email: 'bo@depot.example', verified: true })).toBe(true);
    expect(isStaff(staff, { email: 'ann@shop.com', verified: false })).toBe(false);
  });

  it('refuses look-alikes: other users of a listed email’s domain, subdomains, suffixes', () => {
    const staff = parseStaffList('ann@shop.com,@depot.example');
    for (const email of [
      'bob@shop.com',
      'ann@shop.com.evil',
      'x@sub.depot.example',
      'x@evildepot.example',
      'depot.example@x.io',
    ])
      expect([email, isStaff(staff, { email, verified: true })]).toEqual([email, false]);
  });
});
