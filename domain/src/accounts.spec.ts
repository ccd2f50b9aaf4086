import { describe, expect, it } from 'vitest';
import { emailError, passwordError, userNameError } from './accounts.js';

describe('emailError', () => {
  it.each([
    [undefined, 'Email is required'],
    ['  ', 'Email is required'],
    ['not-an-email', 'Invalid email address'],
    ['a@b.c', 'Invalid email address'],
    [`${'a'.repeat(250)}@b.io`, 'Email must be at most 254 characters'],
    [' Ada@Example.COM ', undefined],
  ])('%j -> %j', (value, expected) => {
    expect(emailError(value)).toBe(expected);
  });
});

describe('passwordError', () => {
  it.each([
    [undefined, 'Password is required'],
    ['', 'Password is required'],
    ['12345', 'Password must be at least 6 characters'],
    ['123456', undefined],
    ['p'.repeat(200), undefined],
    ['p'.repeat(201), 'Password must be at most 200 characters'],
  ])('%j -> %j', (value, expected) => {
    expect(passwordError(value)).toBe(expected);
  });
});

describe('userNameError', () => {
  it.each([
    [undefined, 'Name is required'],
    ['   ', 'Name is required'],
    ['n'.repeat(101), 'Name must be at most 100 characters'],
    ['Ada Lovelace', undefined],
  ])('%j -> %j', (value, expected) => {
    expect(userNameError(value)).toBe(expected);
  });
});
