import { describe, expect, it } from 'vitest';
import { createCipher } from './crypto';
import { issueTicket, openTicket } from './tickets';

const cipher = createCipher('a test secret of enough length');

describe('the symmetric helper', () => {
  it('decrypts what it encrypted, and its output is URL-safe', () => {
    const token = cipher.encrypt('13800000001|密码不在这里');
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(encodeURIComponent(token)).toBe(token);
    expect(cipher.decrypt(token)).toBe('13800000001|密码不在这里');
  });

  it('encrypts the same text differently each time', () => {
    expect(cipher.encrypt('x')).not.toBe(cipher.encrypt('x'));
  });

  it('refuses altered text, another key, and garbage', () => {
    const token = cipher.encrypt('hello');
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    expect(cipher.decrypt(`${token.slice(0, -1)}${last}`)).toBeNull();
    expect(createCipher('another secret of enough length').decrypt(token)).toBeNull();
    expect(cipher.decrypt('')).toBeNull();
    expect(cipher.decrypt('not base64url!')).toBeNull();
    expect(cipher.decrypt('AAAA')).toBeNull();
  });

  it('refuses a secret too short to be one', () => {
    expect(() => createCipher('short')).toThrow();
  });
});

describe('tickets', () => {
  const now = new Date('2026-11-22T10:00:00Z');

  it('open while fresh and of their kind', () => {
    const t = issueTicket(cipher, 'switchRole', { uid: 6 }, 60, now);
    expect(openTicket(cipher, t, 'switchRole', new Date(now.getTime() + 59_000))?.data).toEqual({ uid: 6 });
  });

  it('refuse once expired, as another kind, or forged', () => {
    const t = issueTicket(cipher, 'switchRole', { uid: 6 }, 60, now);
    expect(openTicket(cipher, t, 'switchRole', new Date(now.getTime() + 60_000))).toBeNull();
    expect(openTicket(cipher, t, 'quickLogin', now)).toBeNull();
    expect(openTicket(cipher, cipher.encrypt('{"k":"switchRole"'), 'switchRole', now)).toBeNull();
  });
});
