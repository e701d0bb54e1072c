import { describe, expect, it } from 'vitest';
import { parseSessionResponse } from './session';

describe('session response', () => {
  it('accepts an anonymous answer and a signed-in user', () => {
    expect(parseSessionResponse({ user: null })).toEqual({ user: null });
    const user = { id: '1', email: 'a@b.co', name: null, role: 'admin' };
    expect(parseSessionResponse({ user })).toEqual({ user });
  });

  it.each([
    undefined,
    {},
    { user: 'x' },
    { user: { id: 1, email: 'a@b.co', name: null, role: 'user' } },
    { user: { id: '1', email: 'nope', name: null, role: 'user' } },
    { user: { id: '1', email: 'a@b.co', name: null, role: 'root' } },
    { user: { id: '1', email: 'a@b.co', role: 'user' } },
  ])('rejects %j', (body) => {
    expect(() => parseSessionResponse(body)).toThrow('Invalid session response');
  });
});
