import { userView } from './me.js';
import { openSession } from '../session.js';
import { WebError, text, type WebContext } from '../web-context.js';

/** The name of the device each signed-in tab is (ADR 0055). */
export const WEB_DEVICE_NAME = 'Web browser';

/**
 * POST /web/api/sign-in: in the `local` profile, signs in as the person with `phone_number`, or
 * creates that person when `first_name` is given. The tab becomes a device of the person, online
 * while its event stream is open. `strict` signs in by a login code to the person's other devices,
 * which is not built yet.
 */
export async function signIn({ platform, profile, input }: WebContext) {
  if (profile !== 'local') {
    throw new WebError(
      403,
      'SIGN_IN_BY_CODE_REQUIRED',
      'the strict profile signs in by a login code, not built yet',
    );
  }
  const phone = text(input, 'phone_number', true).replace(/[\s()-]/g, '');
  const firstName = text(input, 'first_name');
  let user = await platform.deps.store.getUserByPhone(phone);
  if (user?.is_bot) user = undefined;
  if (!user) {
    if (firstName === undefined) {
      throw new WebError(
        404,
        'USER_NOT_FOUND',
        'no person with this phone number: give a name to create one',
      );
    }
    user = await platform.users.createUser({
      phone_number: phone,
      first_name: firstName,
      last_name: text(input, 'last_name'),
    });
  }
  const device = await platform.devices.add(String(user.id), { name: WEB_DEVICE_NAME, online: false });
  const token = await platform.deps.store.write((tx) =>
    openSession(tx, { userId: user.id, deviceId: device.id }),
  );
  return { token, user: userView(user), device_id: device.id };
}
