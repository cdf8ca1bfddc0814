import { STORAGE_KEY } from '@portal/api-client/constants';
import { afterEach, describe, expect, it } from 'vitest';
import { clearMember, loadMember, parseMember, saveMember } from './member';

const member = { id: 7, stoken: 'st-7', username: '演示会员', avatar: '/uploads/avatar/7.png' };

afterEach(() => localStorage.clear());

describe('member session in local storage', () => {
  it('uses the SMBData key', () => {
    expect(STORAGE_KEY.member).toBe('SMBData');
  });

  it('saves, loads and clears the member', () => {
    expect(loadMember()).toBeNull();
    saveMember(member);
    expect(JSON.parse(localStorage.getItem('SMBData') ?? 'null')).toEqual(member);
    expect(loadMember()).toEqual(member);
    clearMember();
    expect(localStorage.getItem('SMBData')).toBeNull();
    expect(loadMember()).toBeNull();
  });

  it('reads an entry holding only id and stoken', () => {
    localStorage.setItem('SMBData', JSON.stringify({ id: '12', stoken: 'abc' }));
    expect(loadMember()).toEqual({ id: 12, stoken: 'abc', username: '', avatar: '' });
  });

  it.each([
    'not json',
    '{"id":1}',
    '{"stoken":"x"}',
    '{"id":-1,"stoken":"x"}',
    '{"id":1,"stoken":""}',
    'null',
    '[]',
  ])('treats the damaged entry %s as logged out', (raw) => {
    localStorage.setItem('SMBData', raw);
    expect(loadMember()).toBeNull();
  });

  it('refuses to save a member without id or stoken', () => {
    expect(() => saveMember({ ...member, stoken: '' })).toThrow(TypeError);
    expect(localStorage.getItem('SMBData')).toBeNull();
  });

  it('drops unknown fields when parsing', () => {
    expect(parseMember({ ...member, password: 'x' })).toEqual(member);
  });
});
