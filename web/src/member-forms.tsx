/**
 * The members panel's forms of one member: an administrator's rights (Promote) and a member's
 * permissions (Restrict), each as checkboxes.
 */
import { useState } from 'preact/hooks';
import type { Member } from './group-api.js';

/** Administrator rights the panel offers (ChatAdministratorRights), with their labels. */
const RIGHTS: Array<[string, string]> = [
  ['can_change_info', 'Change info'],
  ['can_delete_messages', 'Delete posts'],
  ['can_restrict_members', 'Ban users'],
  ['can_invite_users', 'Invite users'],
  ['can_pin_messages', 'Pin posts'],
  ['can_promote_members', 'Add admins'],
];

/**
 * Permissions the panel offers, each a group of ChatPermissions set together (sent with
 * use_independent_chat_permissions). The labels avoid the word "message": the composer is the
 * page's one control labelled so.
 */
const PERMISSIONS: Array<[string[], string]> = [
  [['can_send_messages'], 'Can send text'],
  [
    [
      'can_send_audios',
      'can_send_documents',
      'can_send_photos',
      'can_send_videos',
      'can_send_video_notes',
      'can_send_voice_notes',
      'can_send_polls',
      'can_send_other_messages',
      'can_add_web_page_previews',
    ],
    'Can send media',
  ],
  [['can_invite_users'], 'Can add members'],
  [['can_pin_messages'], 'Can pin'],
];

export function RightsForm({
  member,
  onSave,
  onCancel,
}: {
  member: Member;
  onSave: (rights: Record<string, boolean>) => Promise<boolean>;
  onCancel: () => void;
}) {
  // An administrator's rights as they are; for a new one, all but adding administrators.
  const [rights, setRights] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(
      RIGHTS.map(([key]) => [
        key,
        member.status === 'administrator' ? member[key] === true : key !== 'can_promote_members',
      ]),
    ),
  );
  return (
    <form
      class="member-form"
      onSubmit={(event) => {
        event.preventDefault();
        void onSave(rights);
      }}
    >
      <fieldset>
        <legend>Administrator rights</legend>
        {RIGHTS.map(([key, label]) => (
          <label key={key}>
            <input
              type="checkbox"
              checked={rights[key]}
              onChange={(event) => setRights({ ...rights, [key]: event.currentTarget.checked })}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <button type="submit">Save rights</button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}

export function PermissionsForm({
  member,
  onSave,
  onCancel,
}: {
  member: Member;
  onSave: (permissions: Record<string, boolean>) => Promise<boolean>;
  onCancel: () => void;
}) {
  // A restricted member's permissions as they are; anyone else may do everything so far.
  const [allowed, setAllowed] = useState<boolean[]>(() =>
    PERMISSIONS.map(([keys]) => member.status !== 'restricted' || member[keys[0]!] === true),
  );
  return (
    <form
      class="member-form"
      onSubmit={(event) => {
        event.preventDefault();
        const permissions: Record<string, boolean> = {};
        PERMISSIONS.forEach(([keys], i) => {
          for (const key of keys) permissions[key] = allowed[i]!;
        });
        // Everything allowed lifts the restriction: the permissions the form does not show too.
        if (allowed.every(Boolean)) {
          for (const key of ['can_change_info', 'can_react_to_messages', 'can_edit_tag', 'can_manage_topics'])
            permissions[key] = true;
        }
        void onSave(permissions);
      }}
    >
      <fieldset>
        <legend>Permissions</legend>
        {PERMISSIONS.map(([keys, label], i) => (
          <label key={keys[0]}>
            <input
              type="checkbox"
              checked={allowed[i]}
              onChange={(event) =>
                setAllowed(allowed.map((old, j) => (j === i ? event.currentTarget.checked : old)))
              }
            />
            {label}
          </label>
        ))}
      </fieldset>
      <button type="submit">Save permissions</button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
