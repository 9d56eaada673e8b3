import { describe, expect, it } from 'vitest';
import { networkOf, normalizeEmail } from '#server/lib/email-identity.ts';

describe('one mailbox, one account', () => {
  it.each([
    ['Jane.Doe+promo@Gmail.com', 'janedoe@gmail.com'],
    ['j.a.n.e.doe@googlemail.com', 'janedoe@gmail.com'],
    ['Jane.Doe+x@outlook.com', 'jane.doe@outlook.com'],
    ['jane.doe+x@example.com', 'jane.doe+x@example.com'],
    ['JANE@Example.COM', 'jane@example.com'],
    ['+tag@gmail.com', '+tag@gmail.com'],
    ['...@gmail.com', '...@gmail.com'],
    // Spellings of the same mailbox that the forms refuse, for rows stored before they did.
    ['Jane.Doe@Gmail.com.', 'janedoe@gmail.com'],
    ['"jane.doe+x"@gmail.com', 'janedoe@gmail.com'],
    ['"Jane"@example.com..', 'jane@example.com'],
    ['"a\\"b"@example.com', 'a"b@example.com'],
  ])('%s is the mailbox %s', (typed, mailbox) => {
    expect(normalizeEmail(typed)).toBe(mailbox);
  });
});

describe('the network of an address', () => {
  it.each([
    ['203.0.113.77', '203.0.113.0/24'],
    ['::ffff:203.0.113.77', '203.0.113.0/24'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('%s is in %s', (ip, network) => {
    expect(networkOf(ip)).toBe(network);
  });
});
