/**
 * What a chat's header offers beyond its title: in a group, supergroup or channel a "Members"
 * button opening the members panel (adding, promoting, restricting, banning, leaving; for who holds
 * the rights, the chat's title and photo, invite links and join requests: group-admin.tsx); in a
 * private chat with a bot, "Block bot" / "Unblock bot".
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiError } from './api.js';
import { groupApi, type GroupRecord, type Member } from './group-api.js';
import { PermissionsForm, RightsForm } from './member-forms.js';
import { BannedList, GroupInfo, InviteLinks, JoinRequests } from './group-admin.js';

const STATUS: Record<string, string> = {
  creator: 'owner',
  administrator: 'admin',
  member: '',
  restricted: 'restricted',
};

function memberName(member: Member): string {
  return [member.user.first_name, member.user.last_name].filter(Boolean).join(' ');
}

function message(error: unknown): string {
  return error instanceof ApiError || error instanceof Error ? error.message : String(error);
}

export function ChatHeaderActions({ chatRef, version }: { chatRef: string; version: number }) {
  if (chatRef.startsWith('-')) return <MembersButton chatRef={chatRef} version={version} />;
  return <BlockButton chatRef={chatRef} />;
}

/** In a private chat with a bot: blocks or unblocks it. Shows nothing in a chat with a person. */
function BlockButton({ chatRef }: { chatRef: string }) {
  const [blocked, setBlocked] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    setBlocked(null);
    groupApi.blockState(chatRef).then(
      (state) => current && setBlocked(state.blocked),
      () => current && setBlocked(null),
    );
    return () => {
      current = false;
    };
  }, [chatRef]);
  if (blocked === null) return null;
  const toggle = async () => {
    setError(null);
    try {
      const answer = blocked ? await groupApi.unblock(chatRef) : await groupApi.block(chatRef);
      setBlocked(answer.blocked);
    } catch (e) {
      setError(message(e));
    }
  };
  return (
    <div class="header-actions">
      {blocked && <span class="blocked-note">Blocked</span>}
      <button type="button" onClick={() => void toggle()}>
        {blocked ? 'Unblock bot' : 'Block bot'}
      </button>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </div>
  );
}

function MembersButton({ chatRef, version }: { chatRef: string; version: number }) {
  const [open, setOpen] = useState(false);
  return (
    <div class="header-actions">
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        Members
      </button>
      {open && <GroupPanel chatRef={chatRef} version={version} onClose={() => setOpen(false)} />}
    </div>
  );
}

/** The members panel of a group, supergroup or channel. */
export function GroupPanel({
  chatRef,
  version,
  onClose,
}: {
  chatRef: string;
  /** Grows when the chat changed (a service message): the members are read again. */
  version: number;
  onClose: () => void;
}) {
  const [group, setGroup] = useState<GroupRecord | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [left, setLeft] = useState(false);
  const [username, setUsername] = useState('');
  const [editing, setEditing] = useState<{ user: number; what: 'promote' | 'restrict' } | null>(null);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    if (left) return;
    let current = true;
    groupApi.members(chatRef).then(
      (answer) => current && setGroup(answer),
      (e: unknown) => current && setError(message(e)),
    );
    return () => {
      current = false;
    };
  }, [chatRef, version, reloads, left]);

  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
      setEditing(null);
      setReloads((n) => n + 1);
      return true;
    } catch (e) {
      setError(message(e));
      return false;
    }
  };

  const me = group?.me;
  const can = (right: string) =>
    me?.status === 'creator' || (me?.status === 'administrator' && me[right] === true);

  return (
    <section class="group-panel" aria-label="Group members">
      <header>
        <h3>Members</h3>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </header>
      {group?.community && (
        <p class="community-note">
          In the community <strong>{group.community.name}</strong>
        </p>
      )}
      {left ? (
        <p>You left this {group?.type === 'channel' ? 'channel' : 'group'}.</p>
      ) : (
        <>
          <ul class="members">
            {(group?.members ?? []).map((member) => {
              const self = member.user.id === me?.user.id;
              const editable = !self && member.status !== 'creator';
              const showing = editing?.user === member.user.id ? editing.what : null;
              return (
                <li key={member.user.id}>
                  <span class="member-name">
                    {memberName(member)}
                    {member.user.username && <small> @{member.user.username}</small>}
                    {member.user.is_bot && <small> bot</small>}
                  </span>
                  {STATUS[member.status] && <span class="member-status">{STATUS[member.status]}</span>}
                  {editable && can('can_promote_members') && (
                    <button
                      type="button"
                      onClick={() => setEditing({ user: member.user.id, what: 'promote' })}
                    >
                      Promote
                    </button>
                  )}
                  {editable && group?.type === 'supergroup' && can('can_restrict_members') && (
                    <button
                      type="button"
                      onClick={() => setEditing({ user: member.user.id, what: 'restrict' })}
                    >
                      Restrict
                    </button>
                  )}
                  {editable && can('can_restrict_members') && (
                    <button
                      type="button"
                      onClick={() => void run(() => groupApi.ban(chatRef, member.user.id))}
                    >
                      {group?.type === 'group' ? 'Remove' : 'Ban'}
                    </button>
                  )}
                  {showing === 'promote' && (
                    <RightsForm
                      member={member}
                      onCancel={() => setEditing(null)}
                      onSave={(rights) => run(() => groupApi.promote(chatRef, member.user.id, rights))}
                    />
                  )}
                  {showing === 'restrict' && (
                    <PermissionsForm
                      member={member}
                      onCancel={() => setEditing(null)}
                      onSave={(permissions) =>
                        run(() => groupApi.restrict(chatRef, member.user.id, permissions))
                      }
                    />
                  )}
                </li>
              );
            })}
          </ul>
          {group && group.type !== 'group' && group.banned && group.banned.length > 0 && (
            <BannedList
              banned={group.banned}
              onUnban={(user) => void run(() => groupApi.unban(chatRef, user))}
            />
          )}
          {group && can('can_invite_users') && (
            <JoinRequests chatRef={chatRef} version={version + reloads} onDone={run} />
          )}
          {group && can('can_invite_users') && (
            <InviteLinks chatRef={chatRef} me={me?.user.id} onError={setError} />
          )}
          {group && can('can_change_info') && <GroupInfo group={group} onDone={run} />}
          <form
            class="add-member"
            onSubmit={(event) => {
              event.preventDefault();
              const user = username.trim();
              if (user === '') return;
              void run(() =>
                groupApi.add(chatRef, /^\d+$/.test(user) || user.startsWith('@') ? user : `@${user}`),
              ).then((done) => done && setUsername(''));
            }}
          >
            <h4>Add member</h4>
            <label for="add-member-username">Username</label>
            <input
              id="add-member-username"
              value={username}
              placeholder="@username"
              onInput={(event) => setUsername(event.currentTarget.value)}
            />
            <button type="submit">Add</button>
          </form>
          {me && me.status !== 'creator' && (
            <button
              type="button"
              class="leave"
              onClick={() => void run(() => groupApi.leave(chatRef)).then((done) => done && setLeft(true))}
            >
              {group?.type === 'channel' ? 'Leave channel' : 'Leave group'}
            </button>
          )}
        </>
      )}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </section>
  );
}
