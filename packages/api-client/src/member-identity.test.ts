import { describe, expect, it } from 'vitest';
import { identityOf, withMemberIdentity } from './member-identity';

describe('member identity', () => {
  it('is null without a usable member', () => {
    expect(identityOf(null)).toBeNull();
    expect(identityOf(undefined)).toBeNull();
    expect(identityOf({ id: 1, stoken: '' })).toBeNull();
    expect(identityOf({ id: 0, stoken: 'x' })).toBeNull();
    expect(identityOf({ id: 1.5, stoken: 'x' })).toBeNull();
    expect(identityOf({ id: 3, stoken: 'x' })).toEqual({ stoken: 'x', member_id: 3 });
  });

  it('adds the identity to a copy of an object payload, overriding what the caller set', () => {
    const payload = { page: 1, member_id: 99 };
    expect(withMemberIdentity(payload, { stoken: 's', member_id: 3 })).toEqual({
      page: 1,
      stoken: 's',
      member_id: 3,
    });
    expect(payload).toEqual({ page: 1, member_id: 99 });
  });

  it('leaves the payload alone when nobody is logged in', () => {
    const payload = { page: 1 };
    expect(withMemberIdentity(payload, null)).toBe(payload);
  });

  it('starts an empty payload from the identity', () => {
    expect(withMemberIdentity(undefined, { stoken: 's', member_id: 3 })).toEqual({
      stoken: 's',
      member_id: 3,
    });
  });

  it('sets the identity fields of FormData once, even when called twice', () => {
    const form = new FormData();
    form.append('file', 'x');
    withMemberIdentity(form, { stoken: 's', member_id: 3 });
    withMemberIdentity(form, { stoken: 's', member_id: 3 });
    expect(form.getAll('stoken')).toEqual(['s']);
    expect(form.getAll('member_id')).toEqual(['3']);
  });

  it('puts the identity before the file part (the server refuses a file that comes first)', () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'a.png');
    form.append('note', 'kept');
    withMemberIdentity(form, { stoken: 's', member_id: 3 });
    expect([...form.keys()]).toEqual(['stoken', 'member_id', 'file', 'note']);
    const file = form.get('file');
    expect(file).toBeInstanceOf(File);
    expect((file as File).name).toBe('a.png');
    expect(form.get('note')).toBe('kept');
  });
});
