/**
 * The members panel's parts for who holds the rights (group-panel.tsx): the banned with **Unban**
 * (can_restrict_members), pending join requests with **Approve** / **Decline** and the person's
 * invite links (create, copy, revoke) (can_invite_users), and the chat's title and photo
 * (can_change_info). Each change goes through the person API to the platform, so bots get their
 * usual updates (chat_member, chat_join_request, new_chat_title, new_chat_photo).
 */
import { useEffect, useState } from 'preact/hooks';
import type { User } from './api.js';
import { groupApi, type GroupRecord, type InviteLink, type JoinRequest, type Member } from './group-api.js';

type Run = (action: () => Promise<unknown>) => Promise<boolean>;

function fullName(user: User): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ');
}

export function BannedList({ banned, onUnban }: { banned: Member[]; onUnban: (user: number) => void }) {
  return (
    <section aria-labelledby="banned-heading">
      <h4 id="banned-heading">Banned</h4>
      <ul class="members">
        {banned.map((member) => (
          <li key={member.user.id}>
            <span class="member-name">{fullName(member.user)}</span>
            <button type="button" onClick={() => onUnban(member.user.id)}>
              Unban
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Pending join requests, read when the panel opens and again whenever the chat changes (live). */
export function JoinRequests({
  chatRef,
  version,
  onDone,
}: {
  chatRef: string;
  version: number;
  onDone: Run;
}) {
  const [requests, setRequests] = useState<JoinRequest[]>([]);
  const [reads, setReads] = useState(0);
  useEffect(() => {
    let current = true;
    groupApi.joinRequests(chatRef).then(
      (answer) => current && setRequests(answer),
      () => current && setRequests([]),
    );
    return () => {
      current = false;
    };
  }, [chatRef, version, reads]);
  const decide = (user: number, approve: boolean) =>
    void onDone(() => (approve ? groupApi.approve(chatRef, user) : groupApi.decline(chatRef, user))).then(
      () => setReads((n) => n + 1),
    );
  return (
    <section aria-labelledby="requests-heading">
      <h4 id="requests-heading">Join requests</h4>
      {requests.length === 0 ? (
        <p class="quiet">No pending requests.</p>
      ) : (
        <ul class="members" aria-label="Join requests">
          {requests.map((request) => (
            <li key={request.user.id}>
              <span class="member-name">{fullName(request.user)}</span>
              <button type="button" onClick={() => decide(request.user.id, true)}>
                Approve
              </button>
              <button type="button" onClick={() => decide(request.user.id, false)}>
                Decline
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" onClick={() => setReads((n) => n + 1)}>
        Refresh requests
      </button>
    </section>
  );
}

/**
 * The chat's invite links the person manages (their own; for the owner, every administrator's, with
 * who made it): each with Copy and Revoke; a form for a new one.
 */
export function InviteLinks({
  chatRef,
  me,
  onError,
}: {
  chatRef: string;
  /** The person's user id: links of others say whose they are. */
  me: number | undefined;
  onError: (text: string) => void;
}) {
  const [links, setLinks] = useState<InviteLink[]>([]);
  const [name, setName] = useState('');
  const [approval, setApproval] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  const [reads, setReads] = useState(0);
  useEffect(() => {
    let current = true;
    groupApi.inviteLinks(chatRef).then(
      (answer) => current && setLinks(answer),
      (e: Error) => current && onError(e.message),
    );
    return () => {
      current = false;
    };
  }, [chatRef, reads]);
  const act = async (action: () => Promise<unknown>) => {
    try {
      await action();
      setReads((n) => n + 1);
    } catch (e) {
      onError(e instanceof Error ? e.message : String(e));
    }
  };
  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(link);
    } catch {
      onError('the browser did not allow copying: select the link and copy it');
    }
  };
  return (
    <section aria-labelledby="links-heading">
      <h4 id="links-heading">Invite links</h4>
      <ul class="invite-links" aria-label="Invite links">
        {links.map((link) => (
          <li key={link.invite_link}>
            <span class="link-name">{link.name ?? 'Link'}</span>
            {link.creator.id !== me && <small> by {link.creator.first_name}</small>}
            {link.creates_join_request && <small> needs approval</small>}
            <input readOnly aria-label={`${link.name ?? 'Link'} address`} value={link.invite_link} />
            <button type="button" onClick={() => void copy(link.invite_link)}>
              {copied === link.invite_link ? 'Copied' : 'Copy'}
            </button>
            <button
              type="button"
              onClick={() => void act(() => groupApi.revokeInviteLink(chatRef, link.invite_link))}
            >
              Revoke
            </button>
          </li>
        ))}
      </ul>
      <form
        class="member-form"
        onSubmit={(event) => {
          event.preventDefault();
          void act(() => groupApi.createInviteLink(chatRef, name.trim(), approval)).then(() => setName(''));
        }}
      >
        <label for="invite-link-name">Link name</label>
        <input
          id="invite-link-name"
          value={name}
          maxLength={32}
          onInput={(event) => setName(event.currentTarget.value)}
        />
        <label>
          <input
            type="checkbox"
            checked={approval}
            onChange={(event) => setApproval(event.currentTarget.checked)}
          />
          Request admin approval
        </label>
        <button type="submit">New invite link</button>
      </form>
    </section>
  );
}

/** The chat's title (a form) and photo (a file picker). */
export function GroupInfo({ group, onDone }: { group: GroupRecord; onDone: Run }) {
  const chatRef = String(group.id);
  const [title, setTitle] = useState(group.title);
  useEffect(() => setTitle(group.title), [group.title]);
  return (
    <section aria-labelledby="info-heading">
      <h4 id="info-heading">{group.type === 'channel' ? 'Channel' : 'Group'} info</h4>
      <form
        class="member-form"
        onSubmit={(event) => {
          event.preventDefault();
          void onDone(() => groupApi.setTitle(chatRef, title));
        }}
      >
        <label for="group-title">Title</label>
        <input
          id="group-title"
          value={title}
          maxLength={128}
          onInput={(event) => setTitle(event.currentTarget.value)}
        />
        <button type="submit">Save title</button>
      </form>
      <label for="group-photo">Group photo</label>
      <input
        id="group-photo"
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp"
        onChange={(event) => {
          const input = event.currentTarget;
          const file = input.files?.[0];
          if (file) void onDone(() => groupApi.setPhoto(chatRef, file)).then(() => (input.value = ''));
        }}
      />
    </section>
  );
}
