import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, mayUseRight, type MemberState } from './chat-rights.js';

describe('mayUseRight', () => {
  const member: MemberState = { status: 'member', data: {} };
  const adminWithout: MemberState = { status: 'administrator', data: { rights: { can_invite_users: true } } };
  const adminWith: MemberState = { status: 'administrator', data: { rights: { can_change_info: true } } };
  const creator: MemberState = { status: 'creator', data: {} };
  const bot = { is_bot: true };
  const person = { is_bot: false };

  it('a bot only as an administrator holding the right, whatever members may do', () => {
    expect(mayUseRight(bot, member, ALL_PERMISSIONS, 'can_change_info')).toBe(false);
    expect(mayUseRight(bot, adminWithout, ALL_PERMISSIONS, 'can_change_info')).toBe(false);
    expect(mayUseRight(bot, adminWith, ALL_PERMISSIONS, 'can_change_info')).toBe(true);
    expect(mayUseRight(bot, creator, ALL_PERMISSIONS, 'can_change_info')).toBe(true);
  });

  it("a person also as a member the chat's permissions allow", () => {
    expect(mayUseRight(person, member, ALL_PERMISSIONS, 'can_change_info')).toBe(true);
    const none = { ...ALL_PERMISSIONS, can_change_info: false };
    expect(mayUseRight(person, member, none, 'can_change_info')).toBe(false);
  });
});
