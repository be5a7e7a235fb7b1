import { describe, expect, it } from 'vitest';
import { previewOf } from './paid-media.js';

describe('previewOf', () => {
  it('keeps the size of the largest photo, and size and duration of videos and live photos', () => {
    expect(
      previewOf({
        type: 'photo',
        photo: [
          { file_id: 'a', width: 90, height: 60 },
          { file_id: 'b', width: 900, height: 600 },
        ],
      }),
    ).toEqual({ type: 'preview', width: 900, height: 600 });
    expect(
      previewOf({ type: 'video', video: { file_id: 'v', width: 640, height: 360, duration: 12 } }),
    ).toEqual({
      type: 'preview',
      width: 640,
      height: 360,
      duration: 12,
    });
    expect(
      previewOf({ type: 'live_photo', live_photo: { file_id: 'l', width: 0, height: 0, duration: 3 } }),
    ).toEqual({
      type: 'preview',
      duration: 3,
    });
  });
});
